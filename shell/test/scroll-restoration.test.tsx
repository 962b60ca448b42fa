/**
 * Scroll positions across the site's own navigations (shell/src/layout/scroll-restoration.ts): a
 * new page starts at its top or its `#fragment`, Back and Forward return to where the reader was,
 * and the first page of a load is left where the browser put it, whatever an earlier document of
 * the tab saved for its path.
 */
import './polyfills';
import { act, render } from '@testing-library/react';
import { MemoryRouter, useNavigate, type NavigateFunction } from 'react-router';
import { SCROLL_STORAGE_KEY, useScrollRestoration } from '../src/layout/scroll-restoration';

let navigate: NavigateFunction;
function Harness() {
  useScrollRestoration();
  navigate = useNavigate();
  return <h2 id="comments">Comments</h2>;
}

const scrollTo = jest.fn((_x: number, y: number) => scrollAt(y));
function scrollAt(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  window.dispatchEvent(new Event('scroll'));
}

beforeEach(() => {
  sessionStorage.clear();
  scrollTo.mockClear();
  window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
  scrollAt(0);
});

test('a new page starts at its top; Back and Forward return to where the reader was', () => {
  render(
    <MemoryRouter initialEntries={['/royal/news']}>
      <Harness />
    </MemoryRouter>,
  );
  expect(scrollTo).not.toHaveBeenCalled(); // the first page stays where the browser put it
  act(() => scrollAt(1500));
  act(() => navigate('/royal/news/list/2'));
  expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
  act(() => scrollAt(400));
  act(() => navigate(-1));
  expect(scrollTo).toHaveBeenLastCalledWith(0, 1500);
  act(() => navigate(1));
  expect(scrollTo).toHaveBeenLastCalledWith(0, 400);
  expect(window.history.scrollRestoration).toBe('manual');
});

test('a link to a fragment opens the page at it', () => {
  const scrollIntoView = jest.fn();
  Element.prototype.scrollIntoView = scrollIntoView;
  render(
    <MemoryRouter initialEntries={['/royal']}>
      <Harness />
    </MemoryRouter>,
  );
  act(() => navigate('/royal/news/a-match#comments'));
  expect(scrollIntoView).toHaveBeenCalledTimes(1);
  expect(scrollIntoView.mock.contexts[0]).toBe(document.getElementById('comments'));
});

test('positions are kept for the tab when the page is hidden; the first page does not take an older one', () => {
  sessionStorage.setItem(SCROLL_STORAGE_KEY, JSON.stringify({ '/royal': 2200 }));
  scrollAt(0);
  render(
    <MemoryRouter initialEntries={['/royal']}>
      <Harness />
    </MemoryRouter>,
  );
  act(() => navigate('/royal/bets'));
  act(() => navigate(-1));
  expect(scrollTo).toHaveBeenLastCalledWith(0, 0); // where this document showed it, not 2200
  act(() => scrollAt(900));
  act(() => void window.dispatchEvent(new Event('pagehide')));
  expect(JSON.parse(sessionStorage.getItem(SCROLL_STORAGE_KEY)!)).toMatchObject({ '/royal': 900 });
  expect(window.history.scrollRestoration).toBe('auto'); // the browser restores the page it leaves
});
