/**
 * Taps made before the page is live (docs/ARCHITECTURE.md "A page, from request to hydration").
 * A server-rendered page shows its controls before the shell's code has run: a click on one of
 * them would do nothing, because React attaches its listeners only when hydration starts and the
 * page's code is still loading on a slow phone. This module is part of the shell's entry chunk
 * (it runs first, before the federation runtime loads anything) and keeps such clicks:
 *
 * - a control that opts in carries `data-early-click="<name>"` (e.g. the header's "Log in" and the
 *   language/server switch);
 * - a click on it before {@link replayEarlyClicks} is held (its propagation stopped, so no other
 *   listener sees it twice), once per control however often it was clicked;
 * - once React has committed the hydrated page, {@link replayEarlyClicks} clicks each held control
 *   again, now with its React handler, in the order the player clicked them, and stops holding.
 *
 * Links are not held: they work without JavaScript.
 *
 * A part of the page whose code loads later than the rest (the home page's founder pack, a bets
 * card's score form) holds the input made inside it until its code has hydrated it
 * (`holdInputIn`, shared/src/ui/held-input.ts): React drops a click on server HTML it cannot
 * hydrate yet. Its listeners start here too, first.
 */
import { listenForHeldInput } from '@landing/shared/held-input';

/** Attribute naming a control whose early click is replayed. */
export const EARLY_CLICK_ATTRIBUTE = 'data-early-click';

/** Names of the held controls, oldest first (one entry per control). */
const held: string[] = [];
let live = false;
let listening = false;

function onClick(event: MouseEvent): void {
  if (live) return;
  const target = event.target instanceof Element ? event.target.closest(`[${EARLY_CLICK_ATTRIBUTE}]`) : null;
  const name = target?.getAttribute(EARLY_CLICK_ATTRIBUTE);
  if (!name) return;
  event.stopImmediatePropagation();
  event.preventDefault();
  if (!held.includes(name)) held.push(name); // one replay per control, however often it was clicked
}

/**
 * Starts holding early clicks (idempotent). Call first thing in the entry chunk.
 * @param target  where to listen (capture phase), default `window`
 */
export function holdEarlyClicks(target: Pick<Window, 'addEventListener'> = window): void {
  if (listening) return;
  listening = true;
  // First: input inside a part still waiting for its code is held by @landing/shared's
  // held-input, before a `data-early-click` control inside it could be taken for the page's.
  listenForHeldInput(target);
  target.addEventListener('click', onClick as EventListener, { capture: true });
}

/**
 * Marks the page live and clicks every held control again (each found by its
 * `data-early-click` name in `root`), oldest first. Later clicks go straight to React.
 * @param root  document to search, default `document`
 * @returns the names replayed
 */
export function replayEarlyClicks(root: Pick<Document, 'querySelector'> = document): string[] {
  live = true;
  const names = held.splice(0);
  for (const name of names) {
    const el = root.querySelector(`[${EARLY_CLICK_ATTRIBUTE}="${name}"]`);
    if (el instanceof HTMLElement) el.click();
  }
  return names;
}
