import './polyfills';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { apiClient, changeLocale, i18n, initI18n, landingStore, type BetsPageProps } from '@landing/shared';
import { withQueryClient } from '@landing/shared/testing';
import type { RankingResponse as RankingAnswer } from '@landing/domain/schemas/bets';
import { BetsPage } from '../src/components/BetsPage';
import { tabHref } from '../src/lib/links';
import { teamName } from '../src/lib/names';
import { matches, ranking, rankingRow, tournaments } from './fixtures';

initI18n('en');

type Get = (url: string, config?: { params?: Record<string, unknown> }) => Promise<{ data: unknown }>;

/** Answers GETs by path; records ranking params. */
function mockApi(options: { ranking?: (params: Record<string, unknown>) => RankingAnswer } = {}) {
  const calls: Array<{ url: string; params?: Record<string, unknown> }> = [];
  const get: Get = async (url, config) => {
    calls.push({ url, params: config?.params });
    if (url === '/bets/tournaments') return { data: tournaments };
    if (url.startsWith('/bets/tournaments/'))
      return { data: { ...matches, tournament: url.includes('euro') ? tournaments.tournaments[1] : tournaments.tournaments[0] } };
    if (url === '/bets/ranking') return { data: (options.ranking ?? (() => ranking()))(config?.params ?? {}) };
    // The viewer's own row comes apart from the public page (src/api/fetch-ranking.ts merges it).
    if (url === '/bets/ranking/me') return { data: { me: (options.ranking ?? (() => ranking()))(config?.params ?? {}).me } };
    throw new Error(`unexpected GET ${url}`);
  };
  jest.spyOn(apiClient, 'get').mockImplementation(get as never);
  return calls;
}

function Where() {
  const l = useLocation();
  return <span data-testid="where">{l.pathname + l.search}</span>;
}

function renderAt(path: string) {
  const route = (tab: BetsPageProps['tab']) => (
    <>
      <BetsPage server="royal" tab={tab} />
      <Where />
    </>
  );
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/:server/bets" element={route('matches')} />
        <Route path="/:server/bets-ranking" element={route('ranking')} />
        <Route path="/:server/bets-rules" element={route('rules')} />
      </Routes>
    </MemoryRouter>,
    { wrapper: withQueryClient() },
  );
}

beforeEach(async () => {
  jest.restoreAllMocks();
  landingStore.setState({ userData: null, selectedServer: 'royal' });
  if (i18n.language !== 'en') await changeLocale('en');
});

test('tabs are links to the three routes and keep the chosen tournament (deep links)', async () => {
  mockApi();
  renderAt('/royal/bets?tournament=euro-2024');
  expect(await screen.findByRole('heading', { level: 1, name: 'Euro 2024' })).toBeInTheDocument();
  const nav = screen.getByRole('navigation', { name: 'Bets sections' });
  expect(within(nav).getByRole('link', { name: 'Bet matches' })).toHaveAttribute('aria-current', 'page');
  expect(within(nav).getByRole('link', { name: 'Ranking' })).toHaveAttribute('href', '/royal/bets-ranking?tournament=euro-2024');
  fireEvent.click(within(nav).getByRole('link', { name: 'Rules' }));
  // The Rules tab's code loads when it is opened: the navigation commits once it is in.
  expect(await screen.findByRole('heading', { name: 'Points' })).toBeInTheDocument();
  expect(screen.getByTestId('where')).toHaveTextContent('/royal/bets-rules?tournament=euro-2024');
  expect(tabHref('pl', 'ranking', null)).toBe('/pl/bets-ranking');
});

test('the default tournament is the API current one; the switch links to the other', async () => {
  const calls = mockApi();
  renderAt('/royal/bets');
  expect(await screen.findByRole('heading', { level: 1, name: 'World Cup' })).toBeInTheDocument();
  await screen.findByRole('heading', { name: 'Group A' });
  expect(calls.some((c) => c.url === '/bets/tournaments/world-cup/matches')).toBe(true);
  const switcher = screen.getByRole('navigation', { name: 'Tournaments' });
  expect(within(switcher).getByRole('link', { name: /World Cup/ })).toHaveAttribute('aria-current', 'page');
  fireEvent.click(within(switcher).getByRole('link', { name: /Euro 2024/ }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Euro 2024' })).toBeInTheDocument();
  expect(screen.getByTestId('where')).toHaveTextContent('/royal/bets?tournament=euro-2024');
});

test('a visitor sees the matches and the log-in call to action', async () => {
  mockApi();
  renderAt('/royal/bets');
  const block = await screen.findByTestId('block-group-A');
  expect(within(block).getAllByRole('article')).toHaveLength(3);
  expect(screen.getByText('Log in to play')).toBeInTheDocument();
  fireEvent.click(screen.getAllByRole('button', { name: 'Log in' })[0]!);
  expect(landingStore.getState().modals.authForm).toBe(true);
  // "My predictions" is only offered to players.
  expect(screen.queryByRole('button', { name: /My predictions/ })).toBeNull();
  fireEvent.click(screen.getByRole('button', { name: /Finished/ }));
  expect(within(screen.getByTestId('block-group-A')).getAllByRole('article')).toHaveLength(1);
});

test('a logged-in player sees their summary from the ranking', async () => {
  landingStore.setState({ userData: { id: '9', nickname: 'demo', email: null, ovr: 60, server: 'royal' } });
  mockApi({ ranking: () => ranking({ me: ranking().rows[1]! }) });
  renderAt('/royal/bets');
  const summary = await screen.findByTestId('my-summary');
  expect(within(summary).getByText('Your game, demo')).toBeInTheDocument();
  expect(await within(summary).findByTestId('my-points')).toHaveTextContent('20');
  expect(within(summary).getByText('#2')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: /My predictions/ })).toBeInTheDocument();
});

test('a session of another server counts as a visitor here', async () => {
  landingStore.setState({ userData: { id: '9', nickname: 'demo', email: null, ovr: 60, server: 'pl' } });
  mockApi();
  renderAt('/royal/bets');
  expect(await screen.findByText('Log in to play')).toBeInTheDocument();
  expect(screen.queryByTestId('my-summary')).toBeNull();
});

test('ranking: rows of name, server, bets and points; own row highlighted; paging asks the API', async () => {
  landingStore.setState({ userData: { id: '9', nickname: 'demo', email: null, ovr: 60, server: 'royal' } });
  const calls = mockApi({
    ranking: (p) =>
      p.per_page === 1
        ? ranking({ me: ranking().rows[1]! })
        : ranking({ me: ranking().rows[1]!, total: 45, pages: 3, page: Number(p.page ?? 1) }),
  });
  renderAt('/royal/bets-ranking');
  const table = await screen.findByTestId('ranking-table');
  const rows = within(table).getAllByRole('row');
  expect(within(rows[1]!).getByText('TopTipper')).toBeInTheDocument();
  expect(rows[1]!.querySelector('.bt-rank__server')).toHaveTextContent('Royal');
  expect(within(rows[1]!).getByText('61')).toBeInTheDocument();
  expect(within(rows[1]!).getByText('30')).toBeInTheDocument();
  const mine = screen.getByTestId('ranking-me');
  expect(mine).toHaveClass('is-me');
  expect(within(mine).getByText('You')).toBeInTheDocument();
  expect(screen.getByText('45 bettors')).toBeInTheDocument();
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
  });
  expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
  expect(calls.some((c) => c.url === '/bets/ranking' && c.params?.page === 2 && c.params?.scope === 'server')).toBe(true);
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'All servers' }));
  });
  expect(calls.some((c) => c.url === '/bets/ranking' && c.params?.page === 1 && c.params?.scope === 'all')).toBe(true);
});

test("ranking: the player's row is shown below the page when it is on another page", async () => {
  landingStore.setState({ userData: { id: '77', nickname: 'far', email: null, ovr: 60, server: 'royal' } });
  const far = rankingRow({
    position: 140,
    player_id: 77,
    name: 'far',
    server: 'royal',
    total_bets: 2,
    total_points: 0,
    exact_scores: 0,
    correct_outcomes: 0,
  });
  mockApi({ ranking: () => ranking({ me: far, total: 140, pages: 7 }) });
  renderAt('/royal/bets-ranking');
  const mine = await screen.findByTestId('ranking-me');
  expect(within(mine).getByText('140')).toBeInTheDocument();
  expect(screen.getByText('Your position')).toBeInTheDocument();
});

test("an empty ranking says 'no bettors at the moment'", async () => {
  mockApi({ ranking: () => ranking({ rows: [], total: 0, pages: 1 }) });
  renderAt('/royal/bets-ranking');
  expect(await screen.findByText('no bettors at the moment')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Predict a match' })).toHaveAttribute('href', '/royal/bets');
});

test('rules show the points the API scores with, and its worked examples', async () => {
  mockApi();
  renderAt('/royal/bets-rules');
  expect(await screen.findByTestId('points-exact')).toHaveTextContent('7 points');
  expect(screen.getByTestId('points-goal_difference')).toHaveTextContent('4 points');
  expect(screen.getByTestId('points-outcome')).toHaveTextContent('2 points');
  expect(screen.getByTestId('points-miss')).toHaveTextContent('0 points');
  expect(screen.getByText('Final score 2–1, your prediction 3–2')).toBeInTheDocument();
  expect(screen.getByText(/Europe\/Istanbul, GMT \+3/)).toBeInTheDocument();
});

test('an unknown tournament in the URL offers the current one', async () => {
  mockApi();
  renderAt('/royal/bets?tournament=copa-1900');
  expect(await screen.findByText('This tournament does not exist')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Show the current tournament' })).toHaveAttribute('href', '/royal/bets');
});

test('the page follows a language switch; team names come from CLDR, home nations from the locale files', async () => {
  mockApi();
  renderAt('/royal/bets');
  await screen.findByRole('heading', { name: 'Group A' });
  await act(async () => {
    await changeLocale('de');
  });
  expect(screen.getByRole('heading', { level: 1, name: 'Weltmeisterschaft' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Gruppe A' })).toBeInTheDocument();
  const t = i18n.getFixedT('de', 'bets');
  expect(teamName({ code: 'GER', name: 'Germany', region: 'DE' }, 'de', t)).toBe('Deutschland');
  expect(teamName({ code: 'SCO', name: 'Scotland', region: 'GB-SCT' }, 'de', t)).toBe('Schottland');
  await act(async () => {
    await changeLocale('en');
  });
});
