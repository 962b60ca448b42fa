/**
 * Calls of the bets game to the landing API (`/{server}/bets/...`, see api/src/routes/bets.ts)
 * through the shared client, so the spec §7 headers, XSRF and the §8 error catalogue apply.
 */
import type { AxiosInstance } from 'axios';
import { apiClient, apiGet, landingStore, type ReadScope } from '@landing/shared';

/** How a prediction compared with the final result. */
export type Hit = 'exact' | 'goal_difference' | 'outcome' | 'miss';
/** Tournament stages in order. */
export type Stage = 'group' | 'round_of_32' | 'round_of_16' | 'quarter_final' | 'semi_final' | 'third_place' | 'final';

/** A score: goals of the home and the away team. */
export interface Score {
  home: number;
  away: number;
}

/** A national team: FIFA code, English name, ISO region (flag and localised name). */
export interface Team {
  code: string;
  name: string;
  region: string;
}

/** A tournament with its state and the scoring rules the API scores with. */
export interface Tournament {
  code: string;
  name: string;
  starts_at: string;
  ends_at: string;
  status: 'upcoming' | 'live' | 'finished';
  matches_total: number;
  matches_finished: number;
  scoring: { exact: number; goal_difference: number; outcome: number };
  /** Highest goals per team a prediction may give. */
  max_goals: number;
  /** Worked examples scored by the API. */
  examples: Array<{ result: Score; prediction: Score; hit: Hit; points: number }>;
}

/** The viewer's prediction of a match. `points`/`hit` are null until the result is in. */
export interface Prediction extends Score {
  points: number | null;
  hit: Hit | null;
  updated_at: string;
}

/** A match (spec §3 prediction: match, group, predicted result, final result, points). */
export interface Match {
  id: number;
  stage: Stage;
  group: string | null;
  kickoff_at: string;
  venue: string | null;
  home: Team;
  away: Team;
  /** open: predictions accepted; locked: kicked off, waiting for the final result; finished. */
  status: 'open' | 'locked' | 'finished';
  result: (Score & { penalties: Score | null }) | null;
  prediction: Prediction | null;
  /** This server's predictions: count and whole percent per outcome. */
  picks: { total: number; home: number; draw: number; away: number };
}

/** A group of the group stage, or a knockout stage, with its matches. */
export interface StageBlock {
  key: string;
  stage: Stage;
  group: string | null;
  matches: Match[];
}

export interface TournamentsAnswer {
  tournaments: Tournament[];
  current: string | null;
  /** The server's bets clock (ISO). */
  now: string;
}

export interface MatchesAnswer {
  tournament: Tournament;
  now: string;
  viewer: { player_id: number; name: string; server: string } | null;
  stages: StageBlock[];
}

/** A ranking row (spec §3: name, server, total bets, total points). */
export interface RankingRow {
  position: number;
  player_id: number;
  name: string;
  server: string;
  total_bets: number;
  total_points: number;
  exact_scores: number;
  correct_outcomes: number;
}

export type RankingScope = 'server' | 'all';

export interface RankingAnswer {
  tournament: { code: string; name: string };
  scope: RankingScope;
  page: number;
  per_page: number;
  total: number;
  pages: number;
  rows: RankingRow[];
  me: RankingRow | null;
  updated_at: string | null;
}

/** `GET /{server}/bets/tournaments` (`api`: the client of the render, see `useApiClient`). */
export function fetchTournaments(api: AxiosInstance, scope: ReadScope, signal?: AbortSignal): Promise<TournamentsAnswer> {
  return apiGet<TournamentsAnswer>(api, scope, '/bets/tournaments', undefined, signal);
}

/** Answer of `GET /{server}/bets/tournaments/{code}/predictions`: the viewer's part of the matches. */
export interface OwnPredictionsAnswer {
  now: string;
  viewer: MatchesAnswer['viewer'];
  predictions: Array<Prediction & { match_id: number }>;
}

/** Is someone logged in (browser store; the server renders visitors, its store has no user)? */
const loggedIn = () => landingStore.getState().userData !== null;

/**
 * `GET /{server}/bets/tournaments/{code}/matches`, the public list the API caches for everyone,
 * and for a logged-in viewer also `…/predictions` (a private answer, in parallel), merged into
 * each match's `prediction` and the answer's `viewer` as the page shows them.
 */
export async function fetchMatches(api: AxiosInstance, scope: ReadScope, code: string, signal?: AbortSignal): Promise<MatchesAnswer> {
  const base = `/bets/tournaments/${encodeURIComponent(code)}`;
  const [answer, own] = await Promise.all([
    apiGet<MatchesAnswer>(api, scope, `${base}/matches`, undefined, signal),
    loggedIn() ? apiGet<OwnPredictionsAnswer>(api, scope, `${base}/predictions`, undefined, signal) : null,
  ]);
  if (!own || !Array.isArray(own.predictions)) return answer;
  const mine = new Map(own.predictions.map(({ match_id, ...p }) => [match_id, p]));
  return {
    ...answer,
    viewer: own.viewer,
    stages: answer.stages.map((b) => ({ ...b, matches: b.matches.map((m) => ({ ...m, prediction: mine.get(m.id) ?? m.prediction })) })),
  };
}

/**
 * `PUT /{server}/bets/matches/{id}/prediction` — creates or changes the prediction.
 * @returns the updated match
 * @throws the AxiosError of the shared client (401 BET_LOGIN_REQUIRED, 409 MATCH_LOCKED, 400 …)
 */
export async function putPrediction(matchId: number, score: Score): Promise<Match> {
  const { data } = await apiClient.put<{ match: Match }>(`/bets/matches/${matchId}/prediction`, {
    home_score: score.home,
    away_score: score.away,
  });
  return data.match;
}

/**
 * `GET /{server}/bets/ranking`, the public page the API caches for everyone, and for a logged-in
 * viewer also `GET /{server}/bets/ranking/me` (a private answer, in parallel) for their own row `me`.
 */
export async function fetchRanking(
  api: AxiosInstance,
  read: ReadScope,
  params: { tournament: string; page: number; perPage: number; scope: RankingScope },
  signal?: AbortSignal,
): Promise<RankingAnswer> {
  const [page, own] = await Promise.all([
    apiGet<RankingAnswer>(api, read, '/bets/ranking', { tournament: params.tournament, page: params.page, per_page: params.perPage, scope: params.scope }, signal),
    loggedIn() ? apiGet<{ me: RankingRow | null }>(api, read, '/bets/ranking/me', { tournament: params.tournament, scope: params.scope }, signal) : null,
  ]);
  return own ? { ...page, me: own.me } : page;
}
