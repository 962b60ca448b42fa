/**
 * API answers used by the mf-bets component tests. Each one goes through `apiFixture` with the
 * API's own answer schema (`@landing/domain/schemas/bets`, the route schemas of
 * api/src/domains/bets/routes.ts): a fixture the API could not send fails at import.
 */
import {
  Match,
  MatchesResponse,
  PredictionResponse,
  RankingResponse,
  RankingRow,
  Tournament,
  TournamentsResponse,
} from '@landing/domain/schemas/bets';
import { apiFixture } from '@landing/domain/testing';
import type {
  MatchesResponse as MatchesAnswer,
  RankingResponse as RankingAnswer,
  Match as MatchType,
  RankingRow as RankingRowType,
  Tournament as TournamentType,
  TournamentsResponse as TournamentsAnswer,
} from '@landing/domain/schemas/bets';

export const NOW = '2026-11-20T12:00:00.000Z';

export const worldCup: TournamentType = apiFixture(Tournament, {
  code: 'world-cup',
  name: 'World Cup',
  starts_at: '2026-11-15T13:00:00.000Z',
  ends_at: '2026-11-27T00:00:00.000Z',
  status: 'live',
  matches_total: 3,
  matches_finished: 1,
  scoring: { exact: 7, goal_difference: 4, outcome: 2 },
  max_goals: 20,
  examples: [
    { result: { home: 2, away: 1 }, prediction: { home: 2, away: 1 }, hit: 'exact', points: 7 },
    { result: { home: 2, away: 1 }, prediction: { home: 3, away: 2 }, hit: 'goal_difference', points: 4 },
  ],
});

export const euro: TournamentType = apiFixture(Tournament, {
  ...worldCup,
  code: 'euro-2024',
  name: 'Euro 2024',
  status: 'finished',
  matches_total: 51,
  matches_finished: 51,
});

export const tournaments: TournamentsAnswer = apiFixture(TournamentsResponse, {
  tournaments: [worldCup, euro],
  current: 'world-cup',
  now: NOW,
});

const team = (code: string, name: string, region: string) => ({ code, name, region });

export const openMatch: MatchType = apiFixture(Match, {
  id: 11,
  stage: 'group',
  group: 'A',
  kickoff_at: '2026-11-23T16:00:00.000Z',
  venue: 'Toronto',
  home: team('GER', 'Germany', 'DE'),
  away: team('ENG', 'England', 'GB-ENG'),
  status: 'open',
  result: null,
  prediction: null,
  picks: { total: 10, home: 50, draw: 20, away: 30 },
});

export const finishedMatch: MatchType = apiFixture(Match, {
  ...openMatch,
  id: 12,
  kickoff_at: '2026-11-16T16:00:00.000Z',
  home: team('FRA', 'France', 'FR'),
  away: team('JPN', 'Japan', 'JP'),
  status: 'finished',
  result: { home: 3, away: 2, penalties: null },
  prediction: { home: 2, away: 1, points: 4, hit: 'goal_difference', updated_at: '2026-11-16T10:00:00.000Z' },
});

export const lockedMatch: MatchType = apiFixture(Match, {
  ...openMatch,
  id: 13,
  kickoff_at: '2026-11-20T11:00:00.000Z',
  home: team('USA', 'United States', 'US'),
  away: team('XYZ', 'Atlantis', 'XX'),
  status: 'locked',
  prediction: { home: 1, away: 1, points: null, hit: null, updated_at: '2026-11-19T10:00:00.000Z' },
});

export const matches: MatchesAnswer = apiFixture(MatchesResponse, {
  tournament: worldCup,
  now: NOW,
  viewer: null,
  stages: [{ key: 'group-A', stage: 'group', group: 'A', matches: [finishedMatch, lockedMatch, openMatch] }],
});

/** A ranking page (`GET /{server}/bets/ranking`), checked against the API schema. */
export const ranking = (over: Partial<RankingAnswer> = {}): RankingAnswer =>
  apiFixture(RankingResponse, {
    tournament: { code: 'world-cup', name: 'World Cup' },
    scope: 'server',
    page: 1,
    per_page: 20,
    total: 2,
    pages: 1,
    rows: [
      {
        position: 1,
        player_id: 5,
        name: 'TopTipper',
        server: 'royal',
        total_bets: 30,
        total_points: 61,
        exact_scores: 6,
        correct_outcomes: 20,
      },
      { position: 2, player_id: 9, name: 'demo', server: 'royal', total_bets: 12, total_points: 20, exact_scores: 1, correct_outcomes: 8 },
    ],
    me: null,
    updated_at: NOW,
    ...over,
  });

/** One ranking row (spec §3: name, server, total bets, total points), checked against the API schema. */
export const rankingRow = (row: RankingRowType): RankingRowType => apiFixture(RankingRow, row);

/** The answer of a saved prediction (`PUT /{server}/bets/matches/{id}/prediction`): the match with it. */
export const predictionSaved = (match: MatchType) => apiFixture(PredictionResponse, { match });
