/**
 * When the size report (scripts/size-report.mjs) counts a page as loaded: the browser-side checks
 * of scripts/lib/page-settled.mjs, on pages written as the shell renders them (jsdom). A
 * server-rendered page loads a below-the-fold slot's code only when the reader scrolls
 * (shell/src/remotes/slot-scheduling.ts), also when the server sent that slot as its fallback,
 * so its spinner must not keep the report waiting; a page rendered in the browser loads every
 * slot at once.
 */
import { pageSettled, slotLabels } from '../scripts/lib/page-settled.mjs';

/** A page as the shell renders it: `render` of `#root`, the ready mark, and the slots' markup. */
function page({ render, ready, slots }: { render: 'hydrate' | 'client'; ready: boolean; slots: string[] }): void {
  document.documentElement.removeAttribute('data-ready');
  if (ready) document.documentElement.dataset.ready = 'true';
  document.body.innerHTML = `<div id="root" data-render="${render}">${slots.join('')}</div>`;
}

const loaded = '<div class="remote-slot" data-remote="mf_news"><section>News</section></div>';
const spinner = '<div class="remote-slot" data-remote="mf_leaderboard"><div class="remote-loading"></div></div>';
const fallback = '<div class="remote-slot" data-remote="mf_bets"><div data-testid="remote-fallback"></div></div>';

test('a server-rendered page is settled once ready, with a below-the-fold slot still showing its spinner', () => {
  page({ render: 'hydrate', ready: true, slots: [loaded, spinner] });
  expect(pageSettled()).toBe(true);
});

test('a page is not settled before its ready mark', () => {
  page({ render: 'hydrate', ready: false, slots: [loaded] });
  expect(pageSettled()).toBe(false);
  page({ render: 'client', ready: false, slots: [loaded] });
  expect(pageSettled()).toBe(false);
});

test('a page rendered in the browser waits for every slot spinner to go', () => {
  page({ render: 'client', ready: true, slots: [loaded, spinner] });
  expect(pageSettled()).toBe(false);
  page({ render: 'client', ready: true, slots: [loaded, fallback] });
  expect(pageSettled()).toBe(true);
});

test('a page without a remote slot yet is not settled', () => {
  page({ render: 'hydrate', ready: true, slots: [] });
  expect(pageSettled()).toBe(false);
});

test('slot labels name the remote and say when it shows its fallback or waits for a scroll', () => {
  page({ render: 'hydrate', ready: true, slots: [loaded, spinner, fallback] });
  expect(slotLabels([...document.querySelectorAll('.remote-slot')])).toEqual([
    'mf_news',
    'mf_leaderboard (server fallback, loads on scroll)',
    'mf_bets (fallback)',
  ]);
});
