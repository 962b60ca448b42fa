import './polyfills';
import { act, screen, within } from '@testing-library/react';
import { apiClient, initI18n, landingStore } from '@landing/shared';
import { NewsArticle } from '../src/components/NewsArticle';
import { sanitizeArticleHtml } from '../src/lib/sanitize';
import { article, openPoll, renderWithRouter } from './helpers';

initI18n('en');

beforeEach(() => {
  jest.restoreAllMocks();
  landingStore.setState({ userData: null });
});

test('renders title, date, sanitised body and comments', async () => {
  const get = jest.spyOn(apiClient, 'get').mockResolvedValue({ status: 200, data: article() });
  renderWithRouter(<NewsArticle server="royal" slug="new-season-kicks-off" />, '/royal/news/new-season-kicks-off');
  expect(await screen.findByRole('heading', { level: 1, name: 'A new season kicks off on Royal' })).toBeInTheDocument();
  expect(get).toHaveBeenCalledWith('/news/new-season-kicks-off', expect.anything());
  expect(screen.getByText('19-11-2026 16:34:29')).toBeInTheDocument();
  expect((await screen.findByText('back')).tagName).toBe('STRONG');
  expect(screen.getByTestId('comments')).toHaveTextContent('First!');
  expect(screen.getByRole('link', { name: /All news/ })).toHaveAttribute('href', '/royal/news');
  expect(screen.queryByTestId('news-poll')).toBeNull();
});

test('an unknown slug (404 NEWS NOT FOUND resolved by the client) shows the not-found state with a link back', async () => {
  jest
    .spyOn(apiClient, 'get')
    .mockResolvedValue({ status: 404, data: { statusCode: 404, error: 'NEWS NOT FOUND', message: 'NEWS NOT FOUND' } });
  renderWithRouter(<NewsArticle server="royal" slug="nope" />);
  const box = await screen.findByTestId('news-not-found');
  expect(within(box).getByRole('heading', { name: 'News not found' })).toBeInTheDocument();
  expect(within(box).getAllByRole('link', { name: /All news/ })[0]).toHaveAttribute('href', '/royal/news');
});

test('other failures show an error with retry', async () => {
  jest.spyOn(apiClient, 'get').mockRejectedValue(new Error('Network Error'));
  renderWithRouter(<NewsArticle server="royal" slug="x" />);
  expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
});

test('the poll is shown, and a logged-in player of this server can vote', async () => {
  landingStore.setState({ userData: { id: '1', nickname: 'Me', email: null, ovr: 80, server: 'royal' } });
  jest.spyOn(apiClient, 'get').mockResolvedValue({ status: 200, data: article({ poll: openPoll(), has_poll: true }) });
  renderWithRouter(<NewsArticle server="royal" slug="poll" />);
  expect(await screen.findByTestId('news-poll')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Vote' })).toBeInTheDocument();
});

test('a session of another server counts as a visitor', async () => {
  landingStore.setState({ userData: { id: '1', nickname: 'Me', email: null, ovr: 80, server: 'pl' } });
  jest.spyOn(apiClient, 'get').mockResolvedValue({ status: 200, data: article({ poll: openPoll() }) });
  renderWithRouter(<NewsArticle server="royal" slug="poll" />);
  expect(await screen.findByText('Users must be logged in to vote')).toBeInTheDocument();
  expect(screen.getByText('Users must be logged in to comment')).toBeInTheDocument();
});

test('an English fallback article says so in another interface language', async () => {
  const { changeLocale } = await import('@landing/shared');
  await act(async () => changeLocale('de'));
  jest.spyOn(apiClient, 'get').mockResolvedValue({ status: 200, data: article({ lang: 'en' }) });
  renderWithRouter(<NewsArticle server="royal" slug="x" />);
  expect(await screen.findByRole('note')).toHaveTextContent('nicht in deiner Sprache');
  expect(screen.getByRole('heading', { level: 1 })).toHaveAttribute('lang', 'en');
  await act(async () => changeLocale('en'));
});

describe('sanitizeArticleHtml (DOMPurify)', () => {
  test('drops scripts, handlers, javascript: URLs, styles and forms; keeps formatting', () => {
    const dirty =
      '<h3>Title</h3><p onclick="x()">Hi <strong>there</strong><script>alert(1)</script></p>' +
      '<img src="x" onerror="alert(2)"><a href="javascript:alert(3)">bad</a><p style="color:red">styled</p>' +
      '<form><input name="q"></form><iframe src="https://evil.example"></iframe><ul><li>ok</li></ul>';
    const clean = sanitizeArticleHtml(dirty);
    expect(clean).not.toMatch(/script|onclick|onerror|javascript:|style=|<form|<input|<iframe/);
    expect(clean).toContain('<h2>Title</h2>');
    expect(clean).toContain('<strong>there</strong>');
    expect(clean).toContain('<ul><li>ok</li></ul>');
  });
  test("body headings start at h2 under the article's h1 and skip no level, as on the server", () => {
    const clean = sanitizeArticleHtml('<h1>Big</h1><h3 lang="en">A <em>b</em></h3><p>x</p><h5>B</h5><h3>C</h3><h4>D</h4>');
    expect(clean).toBe('Big<h2 lang="en">A <em>b</em></h2><p>x</p><h3>B</h3><h2>C</h2><h3>D</h3>');
  });
  test('external links open in a new tab safely; site links stay in the app', () => {
    const clean = sanitizeArticleHtml('<a href="https://example.com/x">ext</a><a href="/royal/bets" target="_blank">bets</a>');
    expect(clean).toContain('<a href="https://example.com/x" target="_blank" rel="noopener noreferrer">ext</a>');
    expect(clean).toContain('<a href="/royal/bets">bets</a>');
  });
});
