/**
 * Clicks made before the page is live (shell/src/early-input.ts): held once per control, replayed
 * on the live control in the player's order, and not held any more afterwards.
 */
import { EARLY_CLICK_ATTRIBUTE, holdClicksIn, holdEarlyClicks, replayEarlyClicks } from '../src/early-input';

function button(name: string, onClick: () => void): HTMLButtonElement {
  const el = document.createElement('button');
  el.setAttribute(EARLY_CLICK_ATTRIBUTE, name);
  el.innerHTML = '<span>label</span>';
  el.addEventListener('click', onClick);
  document.body.append(el);
  return el;
}

test('a click before the page is live reaches no handler, then is replayed once, in order, on the live control', () => {
  holdEarlyClicks();
  const seen: string[] = [];
  const login = button('login', () => seen.push('login'));
  const switcher = button('switcher', () => seen.push('switcher'));
  const plain = document.createElement('button');
  plain.addEventListener('click', () => seen.push('plain'));
  document.body.append(plain);

  switcher.click();
  login.querySelector('span')!.click(); // a tap on the label inside the button
  login.click(); // twice: one replay
  plain.click(); // not opted in: goes through at once
  expect(seen).toEqual(['plain']);

  expect(replayEarlyClicks()).toEqual(['switcher', 'login']);
  expect(seen).toEqual(['plain', 'switcher', 'login']);

  // Live now: clicks go straight to the handlers, nothing is held or replayed again.
  login.click();
  expect(seen).toEqual(['plain', 'switcher', 'login', 'login']);
  expect(replayEarlyClicks()).toEqual([]);
});

test('in a part waiting for its code, presses and clicks reach no handler; the last clicked control is clicked again once it is released', () => {
  const part = document.createElement('section');
  part.innerHTML =
    '<input id="name"><button id="send" type="button"><span>Send</span></button><button id="other" type="button">Other</button>';
  document.body.append(part);
  const seen: string[] = [];
  for (const type of ['pointerdown', 'keydown', 'click'] as const)
    part.addEventListener(type, (e) => seen.push(`${type}:${(e.target as Element).id || 'span'}`));
  const outside = document.createElement('button');
  outside.addEventListener('click', () => seen.push('outside'));
  document.body.append(outside);

  const release = holdClicksIn(part);
  part.querySelector('#other')!.dispatchEvent(new MouseEvent('pointerdown', { bubbles: true }));
  (part.querySelector('#other') as HTMLElement).click();
  part.querySelector('#name')!.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true, key: 'a' }));
  (part.querySelector('#name') as HTMLElement).click(); // a text field: held, not replayed
  (part.querySelector('#send span') as HTMLElement).click(); // the label inside the button: the button is replayed
  outside.click(); // outside the part: not held
  expect(seen).toEqual(['outside']);

  release();
  expect(seen).toEqual(['outside', 'click:send']);
  release(); // once
  (part.querySelector('#other') as HTMLElement).click(); // released: clicks go through
  expect(seen).toEqual(['outside', 'click:send', 'click:other']);
});
