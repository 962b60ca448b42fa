/**
 * Input inside a server-rendered part whose code has not hydrated it yet (docs/ARCHITECTURE.md
 * "A page, from request to hydration"). React drops a click on server HTML it cannot hydrate,
 * and a press or typing there would make it give up the part's HTML and render it afresh once
 * its code is in, dropping what was typed. While a part is held ({@link holdInputIn}):
 *
 * - presses, typing events and clicks inside it reach no other listener (their propagation is
 *   stopped on the window, in the capture phase); the browser's own default actions still happen
 *   (focus, typing into a field, ticking a box, following a link);
 * - a click on a control (a button, a label, a box) is kept, not acted on; a form submitted (Enter
 *   in a field) is not sent by the browser; the last of these is done again, with React's
 *   handlers, when the part is released; a part may leave its boxes to the browser instead
 *   (`nativeBoxes`): their ticks then stay like typed text;
 * - the part's owner hears of the first such input (`onAct`), to start loading the code.
 *
 * The shell's entry chunk starts listening first thing (shell/src/early-input.ts), so a part is
 * held from the first tap; `HydrateOnVisible` holds its parts whose code loads late
 * (`holdInput`), the shell's home page its founder pack. No maintained library keeps input for
 * React's partial hydration; this is the part React leaves to the page.
 */

/** What is typed into or followed by the browser itself: a click on it in a held part is not replayed. */
const NOT_REPLAYED = 'a[href], textarea, select, input:not([type="checkbox"], [type="radio"], [type="submit"], [type="button"])';
/** A box the browser ticks itself. */
const BOX = 'input[type="checkbox"], input[type="radio"]';

/** Whether a click on `target` ticks a box (the box itself, or a label of one). */
function ticksBox(target: Element): boolean {
  if (target.closest(BOX)) return true;
  const control = target.closest('label')?.control;
  return !!control && control.matches(BOX);
}

/**
 * The events of presses and typing (besides the click and the submit) that reach no other
 * listener inside a held part.
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

/** What a held part does again when it is released: click a control, or submit a form. */
type Replay = { click: HTMLElement } | { submit: HTMLFormElement; submitter: HTMLElement | null } | null;

interface HeldPart {
  replay: Replay;
  onAct?: (() => void) | undefined;
  nativeBoxes: boolean;
  onHeldClick?: ((control: HTMLElement) => void) | undefined;
}

/** Parts held now, each with what to do again on release. */
const heldParts = new Map<Element, HeldPart>();
let listening = false;

/** The held part that `event` happened in, if any. */
function heldPartOf(event: Event): [Element, HeldPart] | undefined {
  if (heldParts.size === 0 || !(event.target instanceof Node)) return undefined;
  const target = event.target;
  for (const entry of heldParts) if (entry[0].contains(target)) return entry;
  return undefined;
}

/** Stops `event` inside a held part and tells the part's owner. @returns whether it was held */
function hold(event: Event): HeldPart | undefined {
  const found = heldPartOf(event);
  if (!found) return undefined;
  event.stopImmediatePropagation();
  const part = found[1];
  const onAct = part.onAct;
  part.onAct = undefined; // once
  onAct?.();
  return part;
}

function onClick(event: MouseEvent): void {
  const part = hold(event);
  if (!part) return;
  const target = event.target as Element;
  if (target.closest(NOT_REPLAYED) || (part.nativeBoxes && ticksBox(target))) return;
  event.preventDefault();
  const control = target.closest('button, input, label, [role="button"]') ?? target;
  if (!(control instanceof HTMLElement)) return;
  part.replay = { click: control };
  part.onHeldClick?.(control);
}

function onSubmit(event: SubmitEvent): void {
  const part = hold(event);
  if (!part || !(event.target instanceof HTMLFormElement)) return;
  event.preventDefault();
  part.replay = { submit: event.target, submitter: event.submitter };
}

/**
 * Starts listening for input in held parts (idempotent), on the window in the capture phase,
 * ahead of React's listeners. The shell calls it first thing in its entry chunk; each hold calls it too.
 * @param target  where to listen, default `window`
 */
export function listenForHeldInput(target: Pick<Window, 'addEventListener'> = window): void {
  if (listening) return;
  listening = true;
  target.addEventListener('click', onClick as EventListener, { capture: true });
  target.addEventListener('submit', onSubmit as EventListener, { capture: true });
  for (const type of HELD_EVENTS) target.addEventListener(type, hold, { capture: true });
}

/** Options of {@link holdInputIn}. */
export interface HoldInputOptions {
  /** Called once, at the first press, click, key or submit inside the part (e.g. to load its code). */
  onAct?: () => void;
  /**
   * Leaves ticking checkboxes and radio buttons (or their labels) to the browser: such a click is
   * not replayed, so every tick made meanwhile stays, as typed text does. For forms whose boxes
   * are uncontrolled and read from the page when they hydrate (React keeps a box's state when it
   * hydrates it). Default false: a click on a box is kept and done again, the last click only.
   */
  nativeBoxes?: boolean;
  /**
   * Called inside each held click on a control that will be clicked again on release, while the
   * browser still counts the reader's gesture: for what only a gesture may do (open a popup that
   * the control's code takes over once it is in).
   */
  onHeldClick?: (control: HTMLElement) => void;
}

/**
 * Holds input inside `part` (server HTML whose code loads later than the page's) from now until
 * the returned function is called, once its code has hydrated it. That call does the last held
 * action again: clicks the control clicked last (a submit button submits its form with its
 * React handler), or submits the form submitted last (`requestSubmit`, with its submitter). A
 * click on a link or a text field is not replayed (the browser has done what it does). Nothing
 * is replayed when the control or form left the page.
 * @param part  the part's element in the server's HTML
 * @returns the release, to call once the part is hydrated (idempotent)
 */
export function holdInputIn(part: Element, { onAct, nativeBoxes = false, onHeldClick }: HoldInputOptions = {}): () => void {
  listenForHeldInput();
  heldParts.set(part, { replay: null, onAct, nativeBoxes, onHeldClick });
  return () => {
    const held = heldParts.get(part);
    if (!held) return;
    heldParts.delete(part);
    const replay = held.replay;
    if (!replay) return;
    if ('click' in replay) {
      if (replay.click.isConnected) replay.click.click();
    } else if (replay.submit.isConnected) {
      const submitter = replay.submitter?.isConnected && replay.submit.contains(replay.submitter) ? replay.submitter : null;
      replay.submit.requestSubmit(submitter);
    }
  };
}
