/**
 * Requests and answers of the bets domain (spec §1 Bet matches / Ranking / Rules; §3 prediction
 * and ranking row; §8 messages).
 */
import { z } from 'zod';
import { HITS, MAX_CLOCK_OFFSET_MS, MAX_PREDICTED_GOALS, RANKING_SCOPES, STAGES, TOURNAMENT_CODE_PATTERN } from '../rules/bets.ts';
import { dbIdParam, rankedRow, ServerCodeSchema, ServerParams, wholeNumber } from './common.ts';

/** A score: goals of the home and the away team. */
export const Score = z.object({ home: z.number().int(), away: z.number().int() });
export type Score = z.infer<typeof Score>;

/** A national team: FIFA code, English name, ISO region (flag and localised name on the client). */
export const Team = z
  .object({
    code: z
      .string()
      .regex(/^[A-Z]{3}$/)
      .describe('FIFA code, e.g. GER'),
    name: z.string().describe('English name'),
    region: z.string().describe('ISO 3166-1 alpha-2 or subdivision (GB-ENG) for the flag and the localised name'),
  })
  .meta({ id: 'BetTeam' });
export type Team = z.infer<typeof Team>;

/** Points per tier of a tournament. */
export const Scoring = z
  .object({
    exact: z.number().int().describe('Points for the exact final score'),
    goal_difference: z.number().int().describe('Points for the right winner and goal difference (never for draws)'),
    outcome: z.number().int().describe('Points for the right winner, or a draw with another score'),
  })
  .meta({ id: 'BetScoring' });
export type Scoring = z.infer<typeof Scoring>;

/** A tournament with its state and scoring rules. */
export const Tournament = z
  .object({
    code: z.string(),
    name: z.string(),
    starts_at: z.string(),
    ends_at: z.string(),
    status: z
      .enum(['upcoming', 'live', 'finished'])
      .describe('`upcoming` before the first kick-off, `finished` once every match has a result, else `live`'),
    matches_total: z.number().int(),
    matches_finished: z.number().int(),
    scoring: Scoring,
    max_goals: z.number().int().describe('Highest goals per team a prediction may give; predictions close at kick-off'),
    examples: z
      .array(z.object({ result: Score, prediction: Score, hit: z.enum(HITS), points: z.number().int() }))
      .describe('Worked examples scored by the API with these rules (for the Rules tab)'),
  })
  .meta({ id: 'BetTournament' });
export type Tournament = z.infer<typeof Tournament>;

/** The viewer's prediction of a match; `points`/`hit` are null until the result is in. */
export const Prediction = z.object({
  home: z.number().int(),
  away: z.number().int(),
  points: z.number().int().nullable().describe('null until the result is in'),
  hit: z.enum(HITS).nullable(),
  updated_at: z.string(),
});
export type Prediction = z.infer<typeof Prediction>;

/** A match with its result, the viewer's prediction and the server's community picks (spec §3 prediction). */
export const Match = z
  .object({
    id: z.number().int(),
    stage: z.enum(STAGES),
    group: z.string().nullable(),
    kickoff_at: z.string().describe('ISO instant; show it in the server time zone (spec §9)'),
    venue: z.string().nullable(),
    home: Team,
    away: Team,
    status: z.enum(['open', 'locked', 'finished']).describe('open: predictions accepted; locked: kicked off, waiting for the result'),
    result: Score.extend({ penalties: Score.nullable() })
      .nullable()
      .describe('Score after extra time; penalties of a shoot-out (not scored)'),
    prediction: Prediction.nullable().describe(
      "The viewer's prediction: in the answer of PUT …/prediction. Always null in the public matches list " +
        '(cached for everyone); the viewer’s own predictions are `GET /{server}/bets/tournaments/{code}/predictions`.',
    ),
    picks: z
      .object({ total: z.number().int(), home: z.number().int(), draw: z.number().int(), away: z.number().int() })
      .describe("This server's predictions: count and whole percent for home win / draw / away win"),
  })
  .meta({ id: 'BetMatch' });
export type Match = z.infer<typeof Match>;

/** A group of the group stage, or a knockout stage, with its matches. */
export const StageBlock = z.object({
  key: z.string().describe('group-A … or the stage'),
  stage: z.enum(STAGES),
  group: z.string().nullable(),
  matches: z.array(Match),
});
export type StageBlock = z.infer<typeof StageBlock>;

/** The logged-in player as the API sees them; null for visitors. */
export const Viewer = z
  .object({ player_id: z.number().int(), name: z.string(), server: ServerCodeSchema })
  .nullable()
  .describe('The logged-in player as the API sees them; null for visitors');
export type Viewer = z.infer<typeof Viewer>;

/** Answer of `GET /{server}/bets/tournaments`. */
export const TournamentsResponse = z
  .object({
    tournaments: z.array(Tournament),
    current: z.string().nullable().describe('Code of the tournament to show by default'),
    now: z.string().describe('The bets clock (ISO)'),
  })
  .meta({ id: 'BetTournaments' });
export type TournamentsResponse = z.infer<typeof TournamentsResponse>;

/** Answer of `GET /{server}/bets/tournaments/{code}/matches`. */
export const MatchesResponse = z
  .object({
    tournament: Tournament,
    now: z.string().describe('The bets clock (ISO); predictions close when it reaches kick-off'),
    viewer: Viewer.describe('Always null in this public answer: see `GET …/predictions`'),
    stages: z.array(StageBlock),
  })
  .meta({ id: 'BetMatches' });
export type MatchesResponse = z.infer<typeof MatchesResponse>;

/** One of the viewer's own predictions. */
export const OwnPrediction = Prediction.extend({ match_id: z.number().int() });
export type OwnPrediction = z.infer<typeof OwnPrediction>;

/** Answer of `GET /{server}/bets/tournaments/{code}/predictions`: the viewer's part of the matches, split from the public list (a private answer; the public one is cached). */
export const PredictionsResponse = z
  .object({
    now: z.string().describe('The bets clock (ISO)'),
    viewer: Viewer,
    predictions: z.array(OwnPrediction).describe("The viewer's predictions of this tournament (empty for visitors), kick-off order"),
  })
  .meta({ id: 'BetOwnPredictions' });
export type PredictionsResponse = z.infer<typeof PredictionsResponse>;

/** Answer of `PUT /{server}/bets/matches/{id}/prediction`. */
export const PredictionResponse = z.object({ match: Match }).meta({ id: 'BetPredictionSaved' });
export type PredictionResponse = z.infer<typeof PredictionResponse>;

/** A ranking row (spec §3: name, server, total bets, total points). */
export const RankingRow = rankedRow({
  player_id: z.number().int(),
  name: z.string(),
  server: ServerCodeSchema,
  total_bets: z.number().int(),
  total_points: z.number().int(),
  exact_scores: z.number().int(),
  correct_outcomes: z.number().int(),
}).meta({ id: 'BetRankingRow' });
export type RankingRow = z.infer<typeof RankingRow>;

/** Answer of `GET /{server}/bets/ranking`. */
export const RankingResponse = z
  .object({
    tournament: z.object({ code: z.string(), name: z.string() }),
    scope: z.enum(RANKING_SCOPES),
    page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int().describe('Bettors in the ranking'),
    pages: z.number().int(),
    rows: z.array(RankingRow).describe('Ordered by points, exact scores, correct outcomes, then player id'),
    me: RankingRow.nullable().describe(
      "Always null in this public answer (cached for everyone): the logged-in player's row is `GET /{server}/bets/ranking/me`",
    ),
    updated_at: z.string().nullable(),
  })
  .meta({ id: 'BetRanking' });
export type RankingResponse = z.infer<typeof RankingResponse>;

/** Answer of `GET /{server}/bets/ranking/me`. */
export const RankingMeResponse = z
  .object({ me: RankingRow.nullable().describe("The logged-in player's row wherever it is; null for visitors or without bets") })
  .meta({ id: 'BetRankingMe' });
export type RankingMeResponse = z.infer<typeof RankingMeResponse>;

// ---- requests -------------------------------------------------------------------------------

/** A tournament code in a path or query. */
export const TournamentCode = z.string().regex(TOURNAMENT_CODE_PATTERN, 'must be a tournament code such as world-cup');

/** `/{server}/bets/tournaments/{tournament}/…` */
export const TournamentParams = ServerParams.extend({ tournament: TournamentCode });

/** `/{server}/bets/matches/{matchId}/prediction` */
export const MatchParams = ServerParams.extend({ matchId: dbIdParam() });

const SCORE_MESSAGE = `Scores must be whole numbers from 0 to ${MAX_PREDICTED_GOALS}`;
const goals = z.number({ error: SCORE_MESSAGE }).int(SCORE_MESSAGE).min(0, SCORE_MESSAGE).max(MAX_PREDICTED_GOALS, SCORE_MESSAGE);

/** Body of `PUT /{server}/bets/matches/{id}/prediction`. */
export const PredictionBody = z.object({
  home_score: goals.describe('Predicted goals of the home team'),
  away_score: goals.describe('Predicted goals of the away team'),
});
export type PredictionBody = z.infer<typeof PredictionBody>;

const scope = z.enum(RANKING_SCOPES).default('server').describe('server: bettors of this server; all: of every server');

/** `?tournament=&page=&per_page=&scope=` of the ranking. */
export const RankingQuery = z.object({
  tournament: TournamentCode.optional().describe('Tournament code (default: the current tournament)'),
  page: wholeNumber(1, 100_000, 1).describe('1-based page'),
  per_page: wholeNumber(1, 50, 20).describe('Rows per page, 1..50 (default 20)'),
  scope,
});
export type RankingQuery = z.input<typeof RankingQuery>;

/** `?tournament=&scope=` of the viewer's own ranking row. */
export const RankingMeQuery = z.object({
  tournament: TournamentCode.optional().describe('Tournament code (default: the current tournament)'),
  scope,
});
export type RankingMeQuery = z.input<typeof RankingMeQuery>;

// ---- admin ----------------------------------------------------------------------------------

/** Answer of `GET|POST /admin/bets/clock`. */
export const ClockState = z
  .object({
    now: z.string().describe('The bets clock (ISO)'),
    offset_ms: z.number().int().describe('Milliseconds added to the machine clock'),
    fakeable: z.boolean().describe('False in production: the offset is ignored there'),
  })
  .meta({ id: 'BetClock' });
export type ClockState = z.infer<typeof ClockState>;

/** Body of `POST /admin/bets/clock`: an instant, an offset (at most 10 years either way), or a reset. */
export const ClockBody = z.union([
  z.object({ now: z.iso.datetime({ offset: true }) }).strict(),
  z.object({ offset_ms: z.number().int().min(-MAX_CLOCK_OFFSET_MS).max(MAX_CLOCK_OFFSET_MS) }).strict(),
  z.object({ reset: z.literal(true) }).strict(),
]);
export type ClockBody = z.infer<typeof ClockBody>;

/** Body of `POST /admin/bets/matches/{id}/result`. */
export const ResultBody = z.object({
  home_score: z.number().int().min(0).max(99),
  away_score: z.number().int().min(0).max(99),
  penalties: z.object({ home: z.number().int().min(0).max(99), away: z.number().int().min(0).max(99) }).nullish(),
});
export type ResultBody = z.infer<typeof ResultBody>;

/** Answer of `POST /admin/bets/matches/{id}/result`. */
export const ResultAnswer = z.object({
  match_id: z.number().int(),
  tournament: z.string(),
  scored: z.number().int().describe('Predictions scored'),
});
