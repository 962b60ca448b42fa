/**
 * usePlayer (shared/src/viewer.ts): on a page every player shares, the server's render and the
 * hydration read nothing of the player but whether one is logged in and their nickname; the
 * player's own record arrives right after hydration, without a mismatch.
 */
import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { beginHydration, landingStore, usePlayer, type UserData } from '../src';

const ANA: UserData = { id: '41', nickname: 'Ana', email: 'ana@example.org', ovr: 60, server: 'royal' };

function ReferralBits() {
  const player = usePlayer('royal');
  if (!player.loggedIn) return <p>visitor</p>;
  return (
    <p>
      {player.nickname}: {player.own ? `ref/${player.own.id} (OVR ${player.own.ovr})` : 'pending'}
    </p>
  );
}

afterEach(() => landingStore.getState().setUserData(null));

test('the server and hydration see the logged-in layout and nickname only; the own record follows at once', async () => {
  // What the server renders reads only these fields (the page server's stand-in records reads).
  const read = new Set<PropertyKey>();
  const recording = new Proxy(ANA, {
    get: (target, prop, receiver) => (read.add(prop), Reflect.get(target, prop, receiver)) as unknown,
  });
  landingStore.getState().setUserData(recording);
  const html = renderToString(<ReferralBits />);
  expect(html).toBe('<p>Ana<!-- -->: <!-- -->pending</p>');
  expect([...read].filter((p) => typeof p === 'string' && !['server', 'nickname'].includes(p))).toEqual([]);

  landingStore.getState().setUserData(ANA);
  const container = document.body.appendChild(document.createElement('div'));
  container.innerHTML = html;
  const errors: unknown[] = [];
  beginHydration();
  let root!: ReturnType<typeof hydrateRoot>;
  await act(async () => {
    root = hydrateRoot(container, <ReferralBits />, { onRecoverableError: (e) => errors.push(e) });
  });
  expect(errors).toEqual([]);
  expect(container.textContent).toBe('Ana: ref/41 (OVR 60)');
  act(() => root.unmount());
  container.remove();
});

test('a visitor, and a player of another game server, are visitors', () => {
  // (Renders outside a request scope read the state recorded by beginHydration.)
  beginHydration();
  expect(renderToString(<ReferralBits />)).toBe('<p>visitor</p>');
  landingStore.getState().setUserData({ ...ANA, server: 'pl' });
  beginHydration();
  expect(renderToString(<ReferralBits />)).toBe('<p>visitor</p>');
});
