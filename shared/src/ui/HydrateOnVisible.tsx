/**
 * Lazy hydration of one part of a server-rendered page (docs/ARCHITECTURE.md "A page, from
 * request to hydration"): the part keeps its server HTML, and costs no script, until it comes near
 * the viewport or the reader acts inside it. Below-the-fold parts of long pages (the bets page's
 * later stages, an article's poll and comments) then stay out of the main thread's first seconds.
 *
 * No maintained library does this for React 19's streaming hydration: the part is a Suspense
 * boundary whose content suspends on a gate (`use` of a promise) while React hydrates the page,
 * so React leaves its server HTML in place; the gate opens on visibility (IntersectionObserver),
 * on a pointer, key or focus inside it, or when {@link hydrateDeferredParts} is called (before a
 * change of the whole page, e.g. its language). While it waits, the boundary is handed the same
 * element every render, so React never sees an update of a part it has not hydrated (which would
 * throw its HTML away); it hydrates with the children of its first render, the ones the server
 * rendered, and takes the current ones right after.
 *
 * A part can also wait for the reader alone (`when="act"`): it hydrates at a press, key or focus
 * inside it, or when its `openKey` changes (the player's own data arrived), not when it is merely
 * seen. With `holdInput`, its code is expected to load when it opens (a `lazy` component inside):
 * input inside it is held until it has hydrated (./held-input.ts), so a click or a submit made
 * meanwhile is done again then, and what was typed stays in the fields (React keeps the values
 * of server-rendered fields it hydrates).
 *
 * Rendered after hydration (a navigation in the browser) or on the server, it is its children.
 * A `lazy` child then shows nothing until its code is in: a page that renders such parts in a
 * navigation loads their code with its data first (the bets page's score forms, an article's
 * poll and comments).
 */
import { Suspense, use, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { IS_SERVER, useHydrated } from '../data';
import { holdInputIn } from './held-input';

/** Distance from the viewport (px) at which a waiting part starts hydrating: about a phone screen. */
const NEAR_VIEWPORT_PX = 800;
/** What counts as acting inside a part (it hydrates at once, then React replays the event). */
const ACT_EVENTS = ['pointerdown', 'keydown', 'focusin', 'touchstart'] as const;

interface Gate {
  promise: Promise<void>;
  open(): void;
  isOpen: boolean;
}

/** Parts waiting for their gate, with what resolves when each has hydrated. */
const waiting = new Map<Gate, Promise<void>>();
/** The element of each waiting part (for an act inside it). */
const elements = new Map<Gate, Element>();
let actsWatched = false;

/**
 * Opens the gate of a waiting part the reader acts inside. On the window in the capture phase, so
 * it runs before React's own listener on the root: React then finds the part ready to hydrate at
 * once and hands it the event (it drops a click on a part it cannot hydrate).
 */
function watchActs(): void {
  if (actsWatched || typeof window === 'undefined') return;
  actsWatched = true;
  const onAct = (event: Event) => {
    const target = event.target;
    if (!(target instanceof Node)) return;
    for (const [gate, el] of elements) if (el.contains(target)) gate.open();
  };
  for (const type of ACT_EVENTS) window.addEventListener(type, onAct, { capture: true, passive: true });
}

function createGate(): Gate {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  const gate: Gate = {
    promise,
    isOpen: false,
    open() {
      if (gate.isOpen) return;
      gate.isOpen = true;
      // React reads a settled thenable's `status` synchronously instead of suspending again.
      Object.assign(promise, { status: 'fulfilled', value: undefined });
      resolve();
    },
  };
  return gate;
}

/**
 * Opens every part still waiting and resolves once they have hydrated (at most `waitMs`, default
 * 1000 ms). Call before an update that reaches the whole page (a language switch).
 */
export async function hydrateDeferredParts(waitMs = 1000): Promise<void> {
  const pending = [...waiting];
  for (const [gate] of pending) gate.open();
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([Promise.all(pending.map(([, hydrated]) => hydrated)), new Promise((r) => (timer = setTimeout(r, waitMs)))]);
  clearTimeout(timer);
}

/** Suspends until the gate opens, then renders `children` and reports it committed. */
function Gated({ gate, onHydrated, children }: { gate: Gate; onHydrated: () => void; children: ReactNode }) {
  // Every render asks (an open gate's promise is settled: `use` returns at once); a render that
  // skipped `use` after one that suspended on it would not be the one React replays.
  use(gate.promise);
  useEffect(onHydrated, [onHydrated]);
  return children;
}

export interface HydrateOnVisibleProps {
  /** The part; props it passes down may change freely (see the module comment). */
  children: ReactNode;
  /** Class of the wrapping element (a `div`). */
  className?: string;
  /** Id of the wrapping element (a link's `#fragment` target). */
  id?: string;
  /**
   * What opens the part: `visible` (default) when it comes near the viewport or the reader acts
   * inside it; `act` only when the reader acts inside it (or `openKey` changes).
   */
  when?: 'visible' | 'act';
  /** Opens the part when it differs from its value at the first render (e.g. the player's own data changed it). */
  openKey?: string;
  /** Hold input inside the part until it has hydrated, and do the last click or submit again then (see the module comment). */
  holdInput?: boolean;
  /**
   * With `holdInput`: ticks of checkboxes and radio buttons are left to the browser and kept, not
   * replayed (`nativeBoxes` of ./held-input.ts), for a form whose boxes are uncontrolled.
   */
  nativeBoxes?: boolean;
  /** With `holdInput`: called inside each held click that will be replayed (`onHeldClick` of ./held-input.ts). */
  onHeldClick?: (control: HTMLElement) => void;
}

/**
 * A part of the page that hydrates when it comes within {@link NEAR_VIEWPORT_PX} of the viewport
 * or the reader acts inside it, or with `when="act"` only when the reader acts inside it or its
 * `openKey` changes (see the module comment). Wraps `children` in a `div`.
 */
export function HydrateOnVisible({
  children,
  className,
  id,
  when = 'visible',
  openKey,
  holdInput = false,
  nativeBoxes = false,
  onHeldClick,
}: HydrateOnVisibleProps) {
  const hydrated = useHydrated();
  const ref = useRef<HTMLDivElement>(null);
  // Only a part that the browser hydrates waits; on the server and after hydration there is no gate.
  const [gate] = useState<Gate | null>(() => (IS_SERVER || hydrated ? null : createGate()));
  const [done, setDone] = useState(gate === null);
  const [first] = useState(children);
  const [firstKey] = useState(openKey);
  const release = useRef<() => void>(() => undefined);
  // The latest callback, read at each held click (a new function every render does not re-hold the part).
  const heldClick = useRef(onHeldClick);
  useEffect(() => {
    heldClick.current = onHeldClick;
  }, [onHeldClick]);
  const marked = useRef<() => void>(() => undefined);
  const [whenHydrated] = useState(() => new Promise<void>((r) => (marked.current = r)));
  const onHydrated = useMemo(
    () => () => {
      marked.current();
      release.current(); // held input is done again, now with the part's handlers
      if (gate) {
        waiting.delete(gate);
        elements.delete(gate);
      }
      setDone(true);
    },
    [gate],
  );

  useEffect(() => {
    const el = ref.current;
    if (!gate || gate.isOpen || !el) return;
    waiting.set(gate, whenHydrated);
    elements.set(gate, el);
    watchActs();
    const open = () => gate.open();
    // A held part opens at the first input the hold stops (it reaches no other listener).
    if (holdInput) release.current = holdInputIn(el, { onAct: open, nativeBoxes, onHeldClick: (control) => heldClick.current?.(control) });
    const observer =
      when === 'act'
        ? null
        : typeof IntersectionObserver === 'undefined'
          ? (open(), null)
          : new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && open(), {
              rootMargin: `${NEAR_VIEWPORT_PX}px 0px`,
            });
    observer?.observe(el);
    return () => {
      observer?.disconnect();
      elements.delete(gate);
      release.current(); // unmounted: nothing is held any more (a control that left the page is not clicked)
    };
  }, [gate, whenHydrated, when, holdInput, nativeBoxes]);

  // The part's own data changed before it hydrated: it opens, hydrates, then shows the new data.
  useEffect(() => {
    if (gate && !gate.isOpen && openKey !== firstKey) gate.open();
  }, [gate, openKey, firstKey]);

  const content = done ? children : first;
  // The same element while the part waits: React then never updates the boundary it has not hydrated.
  const waitingBoundary = useMemo(
    () =>
      gate ? (
        <Suspense fallback={null}>
          <Gated gate={gate} onHydrated={onHydrated}>
            {content}
          </Gated>
        </Suspense>
      ) : null,
    [gate, onHydrated, content],
  );
  const boundary = waitingBoundary ?? <Suspense fallback={null}>{content}</Suspense>;
  return (
    <div ref={ref} className={className} id={id}>
      {boundary}
    </div>
  );
}
