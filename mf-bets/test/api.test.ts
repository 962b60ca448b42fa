import './polyfills';
import { apiClient, landingStore } from '@landing/shared';
import { fetchMatches } from '../src/api/fetch-matches';
import { fetchRanking } from '../src/api/fetch-ranking';

const scope = { server: 'royal', lang: 'en' } as const;
import { matches, ranking } from './fixtures';

type Get = (url: string, config?: { params?: Record<string, unknown> }) => Promise<{ data: unknown }>;

beforeEach(() => {
  jest.restoreAllMocks();
  landingStore.setState({ userData: null });
});

const visitorMatches = {
  ...matches,
  viewer: null,
  stages: matches.stages.map((b) => ({ ...b, matches: b.matches.map((m) => ({ ...m, prediction: null })) })),
};

test("a logged-in viewer's predictions come apart from the public matches and are merged into them", async () => {
  landingStore.setState({ userData: { id: '5', nickname: 'Me', email: null, ovr: 70, server: 'royal' } });
  const first = visitorMatches.stages[0]!.matches[0]!;
  const own = {
    now: matches.now,
    viewer: { player_id: 5, name: 'Me', server: 'royal' },
    predictions: [{ match_id: first.id, home: 3, away: 1, points: null, hit: null, updated_at: matches.now }],
  };
  const get: Get = async (url) => ({ data: url.endsWith('/predictions') ? own : visitorMatches });
  const spy = jest.spyOn(apiClient, 'get').mockImplementation(get as never);
  const answer = await fetchMatches(apiClient, scope, 'world-cup');
  expect(spy).toHaveBeenCalledWith('/bets/tournaments/world-cup/predictions', expect.anything());
  expect(answer.viewer).toEqual(own.viewer);
  expect(answer.stages[0]!.matches[0]!.prediction).toMatchObject({ home: 3, away: 1 });
  expect(answer.stages[0]!.matches.slice(1).every((m) => m.prediction === null)).toBe(true);
});

test('a visitor reads only the public matches and ranking', async () => {
  const get: Get = async (url) => ({ data: url === '/bets/ranking' ? ranking() : visitorMatches });
  const spy = jest.spyOn(apiClient, 'get').mockImplementation(get as never);
  await fetchMatches(apiClient, scope, 'world-cup');
  await fetchRanking(apiClient, scope, { tournament: 'world-cup', page: 1, perPage: 20, scope: 'server' });
  expect(spy).toHaveBeenCalledTimes(2);
});

test("a logged-in viewer's ranking row comes from /bets/ranking/me", async () => {
  landingStore.setState({ userData: { id: '5', nickname: 'Me', email: null, ovr: 70, server: 'royal' } });
  const mine = ranking().rows[1]!;
  const get: Get = async (url) => ({ data: url === '/bets/ranking/me' ? { me: mine } : ranking({ me: null }) });
  jest.spyOn(apiClient, 'get').mockImplementation(get as never);
  const answer = await fetchRanking(apiClient, scope, { tournament: 'world-cup', page: 1, perPage: 20, scope: 'all' });
  expect(answer.me).toEqual(mine);
});
