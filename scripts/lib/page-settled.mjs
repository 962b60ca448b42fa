/**
 * Browser-side checks of scripts/size-report.mjs, run in the measured page through Playwright
 * (`page.waitForFunction`, `evaluateAll`): each function is self-contained (Playwright sends its
 * source) and reads only the DOM. Checked in jsdom by tests/size-report.test.ts.
 */

/**
 * Whether the page has settled for a first-load measurement: it carries the shell's ready mark
 * (`<html data-ready="true">`, shell/src/bootstrap.tsx: the slots it hydrates at load show their
 * component or fallback) and at least one remote slot, and
 *   - a server-rendered page (`#root[data-render="hydrate"]`) needs nothing more: it loads a
 *     below-the-fold slot's code only when the reader scrolls
 *     (shell/src/remotes/slot-scheduling.ts), also when the server sent that slot as its fallback
 *     (the slot then shows a spinner until the scroll);
 *   - a page rendered in the browser loads every slot at once: no slot may show its spinner
 *     (`.remote-loading`).
 * @param {Document} [doc]  the page (default: the global document)
 * @returns {boolean}
 */
export function pageSettled(doc = document) {
  if (doc.documentElement.dataset.ready !== 'true' || doc.querySelector('.remote-slot') === null) return false;
  return doc.getElementById('root')?.dataset.render === 'hydrate' || doc.querySelector('.remote-slot .remote-loading') === null;
}

/**
 * The report's labels of remote slots (`.remote-slot` elements, in page order): each its remote's
 * name (`data-remote`), with " (fallback)" when it shows its fallback and " (server fallback,
 * loads on scroll)" when it still shows its spinner (a server-rendered page whose server sent the
 * slot as its fallback).
 * @param {Element[]} els
 * @returns {string[]}
 */
export function slotLabels(els) {
  return els.map((el) => {
    const fallback = el.querySelector('[data-testid="remote-fallback"]') ? ' (fallback)' : '';
    const waiting = el.querySelector('.remote-loading') ? ' (server fallback, loads on scroll)' : '';
    return `${el.getAttribute('data-remote')}${fallback}${waiting}`;
  });
}
