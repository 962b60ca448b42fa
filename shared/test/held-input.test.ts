/**
 * Input inside a part waiting for its code (shared/src/ui/held-input.ts): presses, keys and
 * clicks reach no handler, the owner hears of the first one, and on release the last clicked
 * control is clicked again, or the last submitted form submitted again, with its submitter. A
 * part may leave its boxes to the browser (`nativeBoxes`) and hear of each held click inside the
 * gesture (`onHeldClick`).
 */
import { holdInputIn } from '../src/ui/held-input';

function part(html: string): HTMLElement {
  const el = document.createElement('section');
  el.innerHTML = html;
  document.body.append(el);
  return el;
}

afterEach(() => {
  document.body.innerHTML = '';
});

test('presses and clicks reach no handler; the owner hears of the first; the last clicked control is clicked again on release', () => {
  const el = part(
    '<input id="name"><button id="send" type="button"><span>Send</span></button><button id="other" type="button">Other</button>',
  );
  const seen: string[] = [];
  for (const type of ['pointerdown', 'keydown', 'click'] as const)
    el.addEventListener(type, (e) => seen.push(`${type}:${(e.target as Element).id || 'span'}`));
  const outside = document.body.appendChild(document.createElement('button'));
  outside.addEventListener('click', () => seen.push('outside'));
  let acts = 0;

  const release = holdInputIn(el, { onAct: () => acts++ });
  el.querySelector('#other')!.dispatchEvent(new MouseEvent('pointerdown', { bubbles: true }));
  (el.querySelector('#other') as HTMLElement).click();
  el.querySelector('#name')!.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true, key: 'a' }));
  (el.querySelector('#name') as HTMLElement).click(); // a text field: held, not replayed
  (el.querySelector('#send span') as HTMLElement).click(); // the label inside the button: the button is replayed
  outside.click(); // outside the part: not held
  expect(seen).toEqual(['outside']);
  expect(acts).toBe(1);

  release();
  expect(seen).toEqual(['outside', 'click:send']);
  release(); // once
  (el.querySelector('#other') as HTMLElement).click(); // released: clicks go through
  expect(seen).toEqual(['outside', 'click:send', 'click:other']);
});

test('a form submitted while held is not sent; on release it is submitted again with its submitter', () => {
  const el = part('<form><input name="goals" value="2"><button id="save" name="action" value="save">Save</button></form>');
  const form = el.querySelector('form')!;
  const submitted: Array<string | null> = [];
  form.addEventListener('submit', (e) => {
    e.preventDefault(); // jsdom does not navigate; the page's handler does this
    submitted.push((e.submitter as HTMLButtonElement | null)?.id ?? null);
  });

  const release = holdInputIn(el);
  form.requestSubmit(el.querySelector<HTMLButtonElement>('#save')); // Enter in the field, or the button
  expect(submitted).toEqual([]);

  release();
  expect(submitted).toEqual(['save']);
});

test('nothing is replayed when the control has left the page', () => {
  const el = part('<button id="send" type="button">Send</button>');
  const button = el.querySelector('button')!;
  let clicks = 0;
  button.addEventListener('click', () => clicks++);
  const release = holdInputIn(el);
  button.click();
  button.remove();
  release();
  expect(clicks).toBe(0);
});

test('nativeBoxes: every tick of a box or its label stays as the browser made it and is not replayed; a button still is', () => {
  const el = part(
    '<input id="terms" type="checkbox"><label for="terms">Terms</label>' +
      '<input id="news" type="checkbox"><button id="send" type="button">Send</button>',
  );
  const clicks: string[] = [];
  el.addEventListener('click', (e) => clicks.push((e.target as Element).id || (e.target as Element).tagName));
  const terms = el.querySelector<HTMLInputElement>('#terms')!;
  const news = el.querySelector<HTMLInputElement>('#news')!;

  const release = holdInputIn(el, { nativeBoxes: true });
  el.querySelector<HTMLLabelElement>('label')!.click(); // ticks #terms through its label
  news.click();
  news.click();
  news.click();
  el.querySelector<HTMLButtonElement>('#send')!.click();
  expect([terms.checked, news.checked]).toEqual([true, true]);
  expect(clicks).toEqual([]); // held: no handler saw them

  release();
  expect(clicks).toEqual(['send']);
  expect([terms.checked, news.checked]).toEqual([true, true]);
});

test('without nativeBoxes a tick is kept back and done again on release (the last click only)', () => {
  const el = part('<input id="terms" type="checkbox">');
  const terms = el.querySelector<HTMLInputElement>('#terms')!;
  const release = holdInputIn(el);
  terms.click();
  expect(terms.checked).toBe(false);
  release();
  expect(terms.checked).toBe(true);
});

test('onHeldClick is called inside each held click on a control that will be replayed, not for a link or a text field', () => {
  const el = part('<button id="google" type="button">Google</button><a id="terms" href="#terms">Terms</a><input id="name">');
  const during: string[] = [];
  holdInputIn(el, { onHeldClick: (control) => during.push(control.id) });
  el.querySelector<HTMLElement>('#terms')!.click();
  el.querySelector<HTMLElement>('#name')!.click();
  el.querySelector<HTMLElement>('#google')!.click();
  expect(during).toEqual(['google']);
});
