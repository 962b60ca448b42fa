/**
 * When slots load their code and when they count as settled, in the browser. A below-the-fold slot
 * (hydration `visible`) waits until it comes near the viewport or the reader first scrolls, taps
 * or presses a key; a language switch first lets every waiting slot load
 * ({@link hydrateDeferredSlots}). The shell marks the page ready once the page's slots have
 * settled ({@link whenSlotsSettled}).
 */

/** The slot element of an exposed module id in this page, or null (also without a document). */
function slotElement(id: string): Element | null {
  if (typeof document === 'undefined') return null;
  return document.querySelector(`.remote-slot[data-slot="${typeof CSS === 'undefined' ? id : CSS.escape(id)}"]`);
}

/** Releases of the slots still waiting to load their code (hydration `visible`). */
const waitingSlots = new Set<() => void>();
/** First loads of slot code under way (preloads and deferred slots; awaited by {@link hydrateDeferredSlots}). */
const pendingLoads = new Set<Promise<unknown>>();
let firstInputWatched = false;
/** What counts as the reader going on with the page (see {@link whenSlotVisible}). */
const FIRST_INPUT_EVENTS = ['scroll', 'pointerdown', 'keydown', 'wheel', 'touchstart'] as const;

/** Adds `load` to {@link pendingLoads} until it settles; returns it. */
export function trackPending<T>(load: Promise<T>): Promise<T> {
  pendingLoads.add(load);
  const done = () => void pendingLoads.delete(load);
  load.then(done, done);
  return load;
}

/** Lets every waiting slot load its code now. */
function releaseWaitingSlots(): void {
  for (const release of [...waitingSlots]) release();
}

/**
 * Distance below the viewport (px) at which a below-the-fold slot starts loading its code: about
 * a phone screen, so the code is in before the reader scrolls there.
 */
const SLOT_LOAD_MARGIN_PX = 800;

/**
 * Resolves when the slot of `id` comes within {@link SLOT_LOAD_MARGIN_PX} of the viewport, or
 * when the reader first scrolls, taps or presses a key anywhere (they are reading on: the
 * page's first seconds are over), whichever comes first. Its server HTML shows meanwhile, so a
 * below-the-fold slot costs no script before then. At once without a window or
 * IntersectionObserver, or when the slot is not in the page.
 */
export function whenSlotVisible(id: string): Promise<void> {
  return whenNearViewport(slotElement(id), SLOT_LOAD_MARGIN_PX);
}

/**
 * Resolves when `el` comes within `marginPx` of the viewport (above or below), or when the reader
 * first scrolls, taps or presses a key anywhere, whichever comes first; a language switch
 * resolves it too ({@link hydrateDeferredSlots}). For server-rendered parts of a page whose code
 * the browser loads only then (slots, the home page's founder pack). At once when `el` is null
 * (no document, or the part is not in the page) or without IntersectionObserver.
 * @param el        the part's element in the server's HTML
 * @param marginPx  distance from the viewport (px) at which it counts as visible
 */
export function whenNearViewport(el: Element | null, marginPx: number): Promise<void> {
  if (!el || typeof IntersectionObserver === 'undefined') return Promise.resolve();
  if (!firstInputWatched) {
    firstInputWatched = true;
    const onInput = () => {
      for (const type of FIRST_INPUT_EVENTS) window.removeEventListener(type, onInput, true);
      releaseWaitingSlots();
    };
    for (const type of FIRST_INPUT_EVENTS) window.addEventListener(type, onInput, { capture: true, passive: true });
  }
  return new Promise((resolve) => {
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && release(), {
      rootMargin: `${marginPx}px 0px`,
    });
    function release() {
      observer.disconnect();
      waitingSlots.delete(release);
      resolve();
    }
    waitingSlots.add(release);
    observer.observe(el);
  });
}

/**
 * How long a language switch waits for the code of slots still showing the server's HTML (ms).
 * A slot whose remote answers later (slow, or down and being retried) is rendered afresh in the
 * new language instead (see `SlotSettled` in RemoteSlot.tsx); the switch never waits for a remote's retries.
 */
const SLOT_CODE_WAIT_MS = 1000;

/**
 * Starts loading the code of every slot still waiting for it (hydration `visible`) and resolves
 * once the slot loads under way have settled and React has hydrated what came in, or after
 * `waitMs`, whichever is first. Call before changing what the whole page shows (the language), so
 * slots showing the server's HTML hydrate before they change.
 * @param waitMs  longest wait for slot code (ms), default {@link SLOT_CODE_WAIT_MS}
 */
export async function hydrateDeferredSlots(waitMs: number = SLOT_CODE_WAIT_MS): Promise<void> {
  releaseWaitingSlots();
  // A released slot starts its load a microtask later: let it join the pending loads.
  await Promise.resolve();
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    Promise.allSettled([...pendingLoads]),
    new Promise((resolve) => {
      timer = setTimeout(resolve, waitMs);
    }),
  ]);
  clearTimeout(timer);
  // React hydrates a boundary whose code came in a task later: let it.
  await new Promise((resolve) => setTimeout(resolve, 0));
  await new Promise((resolve) =>
    typeof requestAnimationFrame === 'undefined' ? setTimeout(resolve, 16) : requestAnimationFrame(() => resolve(undefined)),
  );
}

/**
 * Slots of the first load that have settled: their remote component committed (hydrated or
 * rendered) or their fallback shows. See {@link whenSlotsSettled}.
 */
const settledSlots = new Set<string>();
const settleListeners = new Set<() => void>();

/** Marks the slot of `id` settled and notifies {@link whenSlotsSettled}. */
export function settleSlot(id: string): void {
  if (settledSlots.has(id)) return;
  settledSlots.add(id);
  settleListeners.forEach((l) => l());
}

/**
 * Resolves once every slot of `ids` has settled (its remote component hydrated or rendered, or
 * its fallback shown) or is not in the page. The shell marks the page ready (`<html
 * data-ready>`) with it: a click into a slot still showing the server's HTML would be lost.
 * @param ids  exposed module ids of the page's slots
 */
export function whenSlotsSettled(ids: readonly string[]): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (!ids.every((id) => settledSlots.has(id) || slotElement(id) === null)) return;
      settleListeners.delete(check);
      resolve();
    };
    settleListeners.add(check);
    check();
  });
}

/** Forgets the settled slots (after remotes are registered again with other versions). */
export function clearSettledSlots(): void {
  settledSlots.clear();
}
