import { Suspense, lazy, type ComponentType } from 'react';
import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { beginHydration, landingStore, useLandingStore } from '../src';

function Greeting() {
  const user = useLandingStore((s) => s.userData);
  return <p>{user ? `Hello ${user.nickname}` : 'Hello visitor'}</p>;
}

afterEach(() => landingStore.getState().setUserData(null));

test('a part that hydrates after the session was restored still matches the server HTML, then shows the session', async () => {
  landingStore.getState().setUserData(null);
  const container = document.body.appendChild(document.createElement('div'));
  container.innerHTML = renderToString(
    <Suspense fallback={null}>
      <Greeting />
    </Suspense>,
  );
  expect(container.textContent).toBe('Hello visitor');
  // The part's code comes later (a remote slot): it suspends while the session is restored.
  let arrive!: (m: { default: ComponentType }) => void;
  const Late = lazy(() => new Promise<{ default: ComponentType }>((resolve) => (arrive = resolve)));
  const errors: unknown[] = [];
  beginHydration();
  let root!: ReturnType<typeof hydrateRoot>;
  await act(async () => {
    root = hydrateRoot(
      container,
      <Suspense fallback={null}>
        <Late />
      </Suspense>,
      { onRecoverableError: (e) => errors.push(e) },
    );
  });
  act(() => landingStore.getState().setUserData({ id: '1', nickname: 'Ana', email: null, ovr: 50, server: 'royal' }));
  await act(async () => arrive({ default: Greeting }));
  expect(errors).toEqual([]);
  expect(container.textContent).toBe('Hello Ana');
  act(() => root.unmount());
  container.remove();
});
