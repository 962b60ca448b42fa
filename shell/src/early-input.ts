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
 * A part of the page whose code loads later than the rest (the home page's founder pack) holds
 * the clicks made inside it the same way until its code has hydrated it ({@link holdClicksIn}):
 * React drops a click on server HTML it cannot hydrate yet.
 */

/** Attribute naming a control whose early click is replayed. */
export const EARLY_CLICK_ATTRIBUTE = 'data-early-click';

/** Names of the held controls, oldest first (one entry per control). */
const held: string[] = [];
let live = false;
let listening = false;

/** What is typed into or followed by the browser itself: a click on it in a waiting part is not replayed. */
const NOT_REPLAYED = 'a[href], textarea, select, input:not([type="checkbox"], [type="radio"], [type="submit"], [type="button"])';

/**
 * The events of presses and typing (besides the click) that reach no other listener inside a part
 * waiting for its code: React would give up the part's server HTML on them and render it afresh
 * once its code is in, dropping what was typed. The browser's default actions (focus, typing,
 * following a link) still happen.
 */
const HELD_EVENTS = [
  'pointerdown',
  'mousedown',
  'pointerup',
  'mouseup',
  'touchstart',
  'touchend',
  'auxclick',
  'dblclick',
  'keydown',
  'keypress',
  'keyup',
  'beforeinput',
  'input',
  'change',
] as const;

/** Parts of the page still waiting for their code, each with the last control clicked in it. */
const pendingParts = new Map<Element, HTMLElement | null>();

/** The part waiting for its code that `event` happened in, if any. */
function pendingPartOf(event: Event): Element | undefined {
  if (pendingParts.size === 0 || !(event.target instanceof Element)) return undefined;
  const target = event.target;
  return [...pendingParts.keys()].find((el) => el.contains(target));
}

function onHeldEvent(event: Event): void {
  if (pendingPartOf(event)) event.stopImmediatePropagation();
}

function onClick(event: MouseEvent): void {
  const part = pendingPartOf(event);
  if (part) {
    event.stopImmediatePropagation();
    const target = event.target as Element;
    if (target.closest(NOT_REPLAYED)) return;
    event.preventDefault();
    const control = target.closest('button, input, label, [role="button"]') ?? target;
    pendingParts.set(part, control instanceof HTMLElement ? control : null);
    return;
  }
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
  target.addEventListener('click', onClick as EventListener, { capture: true });
  for (const type of HELD_EVENTS) target.addEventListener(type, onHeldEvent, { capture: true });
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

/**
 * Holds clicks inside `part` (server HTML whose code loads later than the page's) from now until
 * the returned function is called, once its code has hydrated it; that call clicks the last
 * control clicked meanwhile again (a submit button submits its form with its React handler).
 * A click on a link or a text field is not replayed (the browser has done what it does). Nothing is
 * replayed when the control left the page.
 * @param part  the part's element in the server's HTML
 * @returns the release, to call once the part is hydrated (idempotent)
 */
export function holdClicksIn(part: Element): () => void {
  holdEarlyClicks();
  pendingParts.set(part, null);
  return () => {
    if (!pendingParts.has(part)) return;
    const control = pendingParts.get(part);
    pendingParts.delete(part);
    if (control?.isConnected) control.click();
  };
}
