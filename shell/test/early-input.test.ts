/**
 * Clicks made before the page is live (shell/src/early-input.ts): held once per control, replayed
 * on the live control in the player's order, and not held any more afterwards.
 */
import { EARLY_CLICK_ATTRIBUTE, holdEarlyClicks, replayEarlyClicks } from '../src/early-input';

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
