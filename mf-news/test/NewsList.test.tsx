import './polyfills';
import { act, screen, within } from '@testing-library/react';
import { apiClient, initI18n } from '@landing/shared';
import { NewsList } from '../src/components/NewsList';
import { NewsTeaser } from '../src/components/NewsTeaser';
import { pageItems } from '../src/lib/pages';
import { card, newsPage as page, renderWithRouter } from './helpers';

initI18n('en');

beforeEach(() => {
  jest.restoreAllMocks();
});

test('cards: title links to the article, date in the server time zone (spec §9), excerpt, comment count, image', async () => {
  const get = jest.spyOn(apiClient, 'get').mockResolvedValue({ status: 200, data: page(1, [card(1), card(2)]) });
  renderWithRouter(<NewsList server="royal" page={1} />);
  const link = await screen.findByRole('link', { name: 'Article number 1' });
  expect(link).toHaveAttribute('href', '/royal/news/article-1');
  expect(get).toHaveBeenCalledWith('/news', expect.objectContaining({ params: { page: 1, per_page: 9 } }));
  const first = screen.getAllByTestId('news-card')[0]!;
  // 13:34:29Z in Europe/Istanbul (UTC+3) → 16:34:29.
  expect(within(first).getByText('19-11-2026 16:34:29')).toBeInTheDocument();
  expect(within(first).getByText('Excerpt 1')).toBeInTheDocument();
  expect(within(first).getByText('1 comment')).toBeInTheDocument();
  expect(first.querySelector('img')).toHaveAttribute('src', 'http://localhost:4000/royal/news-images/1.svg?v=x');
  expect(within(screen.getAllByTestId('news-card')[1]!).getByText('Poll')).toBeInTheDocument();
});

test('pagination links page 1 to /news and others to /news/list/{page}', async () => {
  jest.spyOn(apiClient, 'get').mockResolvedValue({ status: 200, data: page(2, [card(10)]) });
  renderWithRouter(<NewsList server="pl" page={2} />, '/pl/news/list/2');
  const nav = await screen.findByRole('navigation', { name: 'News pages' });
  expect(within(nav).getByRole('link', { name: 'Page 1' })).toHaveAttribute('href', '/pl/news');
  expect(within(nav).getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  expect(within(nav).getByRole('link', { name: /Previous/ })).toHaveAttribute('href', '/pl/news');
  expect(within(nav).queryByRole('link', { name: /Next/ })).toBeNull();
  expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
});

test('a page past the end shows a translated state with a link to the first page', async () => {
  jest.spyOn(apiClient, 'get').mockResolvedValue({ status: 200, data: page(7, []) });
  renderWithRouter(<NewsList server="royal" page={7} />);
  expect(await screen.findByText('This page does not exist')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'First page' })).toHaveAttribute('href', '/royal/news');
});

test('an article without a translation is marked as English', async () => {
  jest.spyOn(apiClient, 'get').mockResolvedValue({ status: 200, data: page(1, [card(1, { lang: 'en' })], 1) });
  const { changeLocale } = await import('@landing/shared');
  await act(async () => changeLocale('pl'));
  renderWithRouter(<NewsList server="royal" page={1} />);
  expect(await screen.findByText('Po angielsku')).toBeInTheDocument();
  await act(async () => changeLocale('en'));
});

test('a failure shows the error state and retry loads again', async () => {
  const get = jest
    .spyOn(apiClient, 'get')
    .mockRejectedValueOnce(new Error('down'))
    .mockResolvedValueOnce({ status: 200, data: page(1, [card(1)]) });
  renderWithRouter(<NewsList server="royal" page={1} />);
  const retry = await screen.findByRole('button', { name: 'Try again' });
  await act(async () => retry.click());
  expect(await screen.findByRole('link', { name: 'Article number 1' })).toBeInTheDocument();
  expect(get).toHaveBeenCalledTimes(2);
});

test('the home teaser shows the latest `count` articles and links to all news', async () => {
  const get = jest.spyOn(apiClient, 'get').mockResolvedValue({ status: 200, data: page(1, [card(1), card(2), card(3)]) });
  renderWithRouter(<NewsTeaser server="royal" count={3} />, '/royal');
  expect(await screen.findByRole('link', { name: 'Article number 3' })).toBeInTheDocument();
  expect(get).toHaveBeenCalledWith('/news', expect.objectContaining({ params: { page: 1, per_page: 3 } }));
  expect(screen.getByRole('heading', { level: 2, name: 'Latest news' })).toBeInTheDocument();
  expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(3);
  expect(screen.getByRole('link', { name: /All news/ })).toHaveAttribute('href', '/royal/news');
});

test('pageItems keeps first, last and the neighbours of the current page', () => {
  expect(pageItems(1, 1)).toEqual([1]);
  expect(pageItems(2, 3)).toEqual([1, 2, 3]);
  expect(pageItems(5, 10)).toEqual([1, 'gap', 4, 5, 6, 'gap', 10]);
  expect(pageItems(1, 10)).toEqual([1, 2, 'gap', 10]);
  expect(pageItems(3, 10)).toEqual([1, 2, 3, 4, 'gap', 10]);
});
