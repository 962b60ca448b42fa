/**
 * Work that waits for the reader's first use of the page (docs/PERFORMANCE.md "Rules that keep
 * the budgets"): the shell's offline worker, and the code of the parts of a remote's page that
 * hydrate only when the reader acts in them (`HydrateOnVisible` with `when="act"`), fetched then
 * so that an act is answered at once and the worker keeps that code for offline reading.
 */

/** Events that count as the reader's first use of the page (see {@link afterFirstUse}). */
const FIRST_USE_EVENTS = ['pointerdown', 'keydown', 'scroll'] as const;
/** How long after `load` {@link afterFirstUse} runs its work without any input (ms). */
const FIRST_USE_WAIT_MS = 5000;

/**
 * Runs `work` once, on idle, after the page has loaded and either the reader first taps, presses
 * a key or scrolls, or {@link FIRST_USE_WAIT_MS} have passed, whichever comes first. Work that
 * starts this way stays out of the page's first seconds (Total Blocking Time,
 * docs/PERFORMANCE.md), and an input never waits for it: it runs in its own idle task.
 */
export function afterFirstUse(work: () => void): void {
  if (typeof window === 'undefined') return;
  let started = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const start = () => {
    if (started) return;
    started = true;
    clearTimeout(timer);
    for (const type of FIRST_USE_EVENTS) window.removeEventListener(type, start, true);
    if ('requestIdleCallback' in window) window.requestIdleCallback(work, { timeout: 1000 });
    else setTimeout(work, 1);
  };
  const watch = () => {
    for (const type of FIRST_USE_EVENTS) window.addEventListener(type, start, { capture: true, passive: true, once: true });
    timer = setTimeout(start, FIRST_USE_WAIT_MS);
  };
  if (document.readyState === 'complete') watch();
  else window.addEventListener('load', watch, { once: true });
}
