/**
 * An article opened in a navigation while the code of its poll and comments cannot be loaded
 * (offline, never fetched): the article shows without them, with a retry that loads them.
 */
import './polyfills';
import { act, screen } from '@testing-library/react';
import { apiClient, initI18n } from '@landing/shared';
import { article, openPoll, renderWithRouter } from './helpers';

initI18n('en');

let partsAvailable = false;
jest.mock('../src/components/article-parts', () => {
  if (!partsAvailable) throw new Error('Loading chunk article-parts failed (offline)');
  return jest.requireActual('../src/components/article-parts');
});

test('the article shows without its poll and comments, and "Try again" brings them once their code loads', async () => {
  jest.spyOn(apiClient, 'get').mockResolvedValue({ status: 200, data: article({ poll: openPoll() }) });
  const { NewsArticle } = await import('../src/components/NewsArticle');
  renderWithRouter(<NewsArticle server="royal" slug="new-season-kicks-off" />, '/royal/news/new-season-kicks-off');
  expect(await screen.findByRole('heading', { level: 1, name: 'A new season kicks off on Royal' })).toBeInTheDocument();
  expect(await screen.findByTestId('news-article-parts-unavailable')).toHaveTextContent('This section is temporarily unavailable');
  expect(screen.queryByTestId('news-poll')).toBeNull();
  expect(screen.getByText('back')).toBeInTheDocument(); // the body is there

  partsAvailable = true;
  await act(async () => screen.getByRole('button', { name: 'Try again' }).click());
  expect(await screen.findByTestId('news-poll')).toBeInTheDocument();
  expect(screen.getByTestId('comments')).toHaveTextContent('First!');
  expect(screen.queryByTestId('news-article-parts-unavailable')).toBeNull();
});
