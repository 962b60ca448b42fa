/**
 * HydrateOnVisible (shared/src/ui/HydrateOnVisible.tsx): a part of a server-rendered page keeps
 * its HTML and is not hydrated until it comes near the viewport, the reader acts inside it, or
 * hydrateDeferredParts is called; it then hydrates without a mismatch, even when its props
 * changed meanwhile, and shows the current ones. A part that waits for the reader alone
 * (`when="act"`) loads its code at a press inside it or when its `openKey` changes, and does a
 * click made meanwhile once it has hydrated.
 */
import * as ReactModule from 'react';
import { useState } from 'react';
import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { HydrateOnVisible, hydrateDeferredParts } from '../src';

/** The component as the page server renders it (`IS_SERVER`: jsdom has a window, Node has not). */
let ServerHydrateOnVisible!: typeof HydrateOnVisible;
jest.isolateModules(() => {
  jest.doMock('react', () => ReactModule); // one React for both copies
  jest.doMock('../src/data', () => ({ ...jest.requireActual('../src/data'), IS_SERVER: true }));
  ({ HydrateOnVisible: ServerHydrateOnVisible } = jest.requireActual('../src/ui/HydrateOnVisible'));
});

/** IntersectionObserver stand-in: tests decide when an observed part is near the viewport. */
const observers: Array<{ callback: IntersectionObserverCallback; targets: Element[] }> = [];
beforeEach(() => {
  observers.length = 0;
  (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = class {
    private entry: { callback: IntersectionObserverCallback; targets: Element[] };
    constructor(callback: IntersectionObserverCallback) {
      this.entry = { callback, targets: [] };
      observers.push(this.entry);
    }
    observe(el: Element) {
      this.entry.targets.push(el);
    }
    disconnect() {
      this.entry.targets = [];
    }
  };
});
const scrollNear = (el: Element) => {
  for (const o of observers)
    if (o.targets.includes(el)) o.callback([{ isIntersecting: true, target: el } as IntersectionObserverEntry], {} as IntersectionObserver);
};

function Counter({ label }: { label: string }) {
  const [n, setN] = useState(0);
  return (
    <button type="button" onClick={() => setN(n + 1)}>
      {label} {n}
    </button>
  );
}

function Page({ label, server = false }: { label: string; server?: boolean }) {
  const Part = server ? ServerHydrateOnVisible : HydrateOnVisible;
  return (
    <main>
      <h1>Top</h1>
      <Part className="part">
        <Counter label={label} />
      </Part>
    </main>
  );
}

async function serverPage(label: string) {
  const container = document.body.appendChild(document.createElement('div'));
  container.innerHTML = renderToString(<Page label={label} server />);
  const errors: unknown[] = [];
  let root!: ReturnType<typeof hydrateRoot>;
  await act(async () => {
    root = hydrateRoot(container, <Page label={label} />, { onRecoverableError: (e) => errors.push(e) });
  });
  return { container, errors, root, part: container.querySelector('.part')!, button: () => container.querySelector('button')! };
}

test('it waits with its server HTML, then hydrates when it comes near the viewport', async () => {
  const { container, errors, root, part, button } = await serverPage('Goals');
  expect(button().textContent).toBe('Goals 0');
  act(() => button().click()); // not hydrated: no handler yet
  expect(button().textContent).toBe('Goals 0');
  await act(async () => scrollNear(part));
  act(() => button().click());
  expect(button().textContent).toBe('Goals 1');
  expect(errors).toEqual([]);
  act(() => root.unmount());
  container.remove();
});

test('props that changed before it hydrated: it hydrates with the server’s, then shows the new ones, without a mismatch', async () => {
  const { container, errors, root, part, button } = await serverPage('Goals');
  act(() => root.render(<Page label="Points" />));
  expect(button().textContent).toBe('Goals 0'); // still the server's HTML
  await act(async () => scrollNear(part));
  expect(button().textContent).toBe('Points 0');
  expect(errors).toEqual([]);
  act(() => root.unmount());
  container.remove();
});

test('a pointer inside it, or hydrateDeferredParts, hydrates it at once', async () => {
  const first = await serverPage('Goals');
  await act(async () => {
    first.part.dispatchEvent(new Event('pointerdown', { bubbles: true }));
  });
  act(() => first.button().click());
  expect(first.button().textContent).toBe('Goals 1');
  const second = await serverPage('Points');
  let hydrated!: Promise<void>;
  await act(async () => {
    hydrated = hydrateDeferredParts(5000);
  });
  await hydrated; // resolves once the part has hydrated (well before the 5 s bound)
  act(() => second.button().click());
  expect(second.button().textContent).toBe('Points 1');
  expect([...first.errors, ...second.errors]).toEqual([]);
  for (const p of [first, second]) {
    act(() => p.root.unmount());
    p.container.remove();
  }
});

test('on the server it is its children', () => {
  expect(renderToString(<Page label="Goals" server />)).toBe(
    '<main><h1>Top</h1><div class="part"><!--$--><button type="button">Goals<!-- --> <!-- -->0</button><!--/$--></div></main>',
  );
});

/** A part whose code loads when it opens (`lazy`), as the page server and the browser render it. */
function lazyCounter() {
  let resolve!: (m: { default: typeof Counter }) => void;
  const loaded = new Promise<{ default: typeof Counter }>((r) => (resolve = r));
  let requested = false;
  const LazyCounter = ReactModule.lazy(() => {
    requested = true;
    return loaded;
  });
  return { LazyCounter, load: () => resolve({ default: Counter }), requested: () => requested };
}

async function actPage(label: string, openKey = 'a') {
  const { LazyCounter, load, requested } = lazyCounter();
  const page = (key: string, server = false) => {
    const Part = server ? ServerHydrateOnVisible : HydrateOnVisible;
    return (
      <main>
        <Part className="part" when="act" holdInput openKey={key}>
          {server ? <Counter label={label} /> : <LazyCounter label={label} />}
        </Part>
      </main>
    );
  };
  const container = document.body.appendChild(document.createElement('div'));
  container.innerHTML = renderToString(page(openKey, true));
  const errors: unknown[] = [];
  let root!: ReturnType<typeof hydrateRoot>;
  await act(async () => {
    root = hydrateRoot(container, page(openKey), { onRecoverableError: (e) => errors.push(e) });
  });
  const done = () => {
    act(() => root.unmount());
    container.remove();
  };
  return {
    container,
    errors,
    root,
    page,
    load,
    requested,
    done,
    part: container.querySelector('.part')!,
    button: () => container.querySelector('button')!,
  };
}

test('when="act": seen is not enough; a press inside loads its code, and the click made meanwhile is done once it has hydrated', async () => {
  const p = await actPage('Goals');
  await act(async () => scrollNear(p.part));
  expect(p.requested()).toBe(false); // near the viewport: still waiting, no code asked for
  await act(async () => {
    p.button().dispatchEvent(new MouseEvent('pointerdown', { bubbles: true }));
    p.button().click(); // before its code is in: held
  });
  expect(p.requested()).toBe(true);
  expect(p.button().textContent).toBe('Goals 0');
  await act(async () => p.load());
  expect(p.button().textContent).toBe('Goals 1'); // the held click, with the hydrated handler
  act(() => p.button().click());
  expect(p.button().textContent).toBe('Goals 2');
  expect(p.errors).toEqual([]);
  p.done();
});

test('when="act": a change of openKey (the player’s own data) opens it, and it hydrates without a mismatch', async () => {
  const p = await actPage('Goals');
  await act(async () => p.root.render(p.page('b')));
  expect(p.requested()).toBe(true);
  await act(async () => p.load());
  act(() => p.button().click());
  expect(p.button().textContent).toBe('Goals 1');
  expect(p.errors).toEqual([]);
  p.done();
});
