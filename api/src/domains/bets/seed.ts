import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { betMatches, betPredictions, betStandings, betTeams, betTournaments, type Hit, type Stage } from './tables.js';
import { players } from '../leaderboard/tables.js';
import { defineSeeder } from '../../db/seed.js';
import { EURO_2024, GROUP_PAIRINGS, TEAMS, WORLD_CUP_GROUPS, WORLD_CUP_VENUES } from './data.js';
import { DEMO_RESULT_DELAY_MS, demoPrediction, demoResult } from './demo.js';
import { refreshStandings } from './ranking.js';
import { DEFAULT_SCORING, scorePrediction, type Score } from './scoring.js';
import { createRng, type Rng } from '../../lib/random.js';
import type { ServerCode } from '@landing/domain';

/**
 * Bettors per server. `en` (the test server) has none, so its ranking shows the real empty state
 * ("no bettors at the moment").
 */
export const SEED_BETTORS: Record<ServerCode, number> = { pl: 100, classic: 70, royal: 50, en: 0 };

/** Codes of the demo tournaments. */
export const WORLD_CUP = 'world-cup';
export const EURO_2024_CODE = 'euro-2024';

const HOUR = 3600_000;
const DAY = 24 * HOUR;
/** Kick-off hours (UTC) of the demo World Cup's four daily matches. */
const KICKOFF_HOURS_UTC = [13, 16, 19, 22];

interface SeedMatch {
  id: number;
  tournamentId: number;
  home: string;
  away: string;
  kickoffAt: Date;
  result: Score | null;
}

async function ensureTeams(tx: Db): Promise<Map<string, number>> {
  await tx
    .insert(betTeams)
    .values(TEAMS.map((t) => ({ code: t.code, name: t.name, region: t.region })))
    .onConflictDoNothing();
  const rows = await tx.select({ id: betTeams.id, code: betTeams.code }).from(betTeams);
  return new Map(rows.map((r) => [r.code, r.id]));
}

function id(teams: Map<string, number>, code: string): number {
  const v = teams.get(code);
  if (v === undefined) throw new Error(`bets seed: unknown team ${code}`);
  return v;
}

/**
 * The demo World Cup: 8 groups, 48 group matches, four a day from five days before `now`, so
 * about 20 are finished (results two hours after kick-off), a few are waiting for their result
 * and the rest are open for predictions. Results of finished matches are generated.
 */
async function seedWorldCup(tx: Db, teams: Map<string, number>, now: Date): Promise<void> {
  const firstDay = Math.floor(now.getTime() / DAY) * DAY - 5 * DAY;
  const rows: Array<typeof betMatches.$inferInsert & { home: string; away: string }> = [];
  let venue = 0;
  GROUP_PAIRINGS.forEach((pairs, matchday) => {
    Object.entries(WORLD_CUP_GROUPS).forEach(([group, codes], g) => {
      pairs.forEach(([h, a], k) => {
        const day = matchday * 4 + Math.floor(g / 2);
        const slot = (g % 2) * 2 + k;
        const home = codes[h]!;
        const away = codes[a]!;
        rows.push({
          tournamentId: 0,
          stage: 'group',
          groupCode: group,
          homeTeamId: id(teams, home),
          awayTeamId: id(teams, away),
          kickoffAt: new Date(firstDay + day * DAY + KICKOFF_HOURS_UTC[slot]! * HOUR),
          venue: WORLD_CUP_VENUES[venue++ % WORLD_CUP_VENUES.length]!,
          home,
          away,
        });
      });
    });
  });
  const kickoffs = rows.map((r) => (r.kickoffAt as Date).getTime());
  const [t] = await tx
    .insert(betTournaments)
    .values({
      code: WORLD_CUP,
      name: 'World Cup',
      startsAt: new Date(Math.min(...kickoffs)),
      endsAt: new Date(Math.max(...kickoffs) + 2 * HOUR),
      scoring: DEFAULT_SCORING,
      autoResults: true,
      sortOrder: 1,
    })
    .returning({ id: betTournaments.id });
  const inserted = await tx
    .insert(betMatches)
    .values(rows.map(({ home: _h, away: _a, ...r }) => ({ ...r, tournamentId: t!.id })))
    .returning({ id: betMatches.id, kickoffAt: betMatches.kickoffAt });
  for (const [i, m] of inserted.entries()) {
    if (m.kickoffAt.getTime() + DEMO_RESULT_DELAY_MS > now.getTime()) continue;
    const { home, away } = rows[i]!;
    const score = demoResult(createRng(`bets-result:${m.id}:${home}:${away}`), home, away);
    await tx
      .update(betMatches)
      .set({ homeScore: score.home, awayScore: score.away, resultEnteredAt: new Date(m.kickoffAt.getTime() + DEMO_RESULT_DELAY_MS) })
      .where(eq(betMatches.id, m.id));
  }
}

/** UEFA Euro 2024 with its 51 real matches and results (a finished tournament). */
async function seedEuro2024(tx: Db, teams: Map<string, number>): Promise<void> {
  const kickoffs = EURO_2024.map((m) => new Date(m.kickoff).getTime());
  const [t] = await tx
    .insert(betTournaments)
    .values({
      code: EURO_2024_CODE,
      name: 'Euro 2024',
      startsAt: new Date(Math.min(...kickoffs)),
      endsAt: new Date(Math.max(...kickoffs) + 2 * HOUR),
      scoring: DEFAULT_SCORING,
      autoResults: false,
      sortOrder: 2,
    })
    .returning({ id: betTournaments.id });
  await tx.insert(betMatches).values(
    EURO_2024.map((m) => {
      const kickoffAt = new Date(m.kickoff);
      return {
        tournamentId: t!.id,
        stage: m.stage as Stage,
        groupCode: m.group ?? null,
        homeTeamId: id(teams, m.home),
        awayTeamId: id(teams, m.away),
        kickoffAt,
        venue: m.venue,
        homeScore: m.score[0],
        awayScore: m.score[1],
        homePenalties: m.penalties?.[0] ?? null,
        awayPenalties: m.penalties?.[1] ?? null,
        resultEnteredAt: new Date(kickoffAt.getTime() + (m.penalties ? 2.6 : 2) * HOUR),
      };
    }),
  );
}

/** Creates the shared tournaments once (they are the same on every server). */
async function ensureTournaments(tx: Db, now: Date): Promise<void> {
  // Serialise concurrent first starts against one PostgreSQL server.
  await tx.execute(sql`SELECT pg_advisory_xact_lock(727401300)`);
  const existing = await tx.select({ code: betTournaments.code }).from(betTournaments);
  const codes = new Set(existing.map((r) => r.code));
  if (codes.has(WORLD_CUP) && codes.has(EURO_2024_CODE)) return;
  const teams = await ensureTeams(tx);
  if (!codes.has(WORLD_CUP)) await seedWorldCup(tx, teams, now);
  if (!codes.has(EURO_2024_CODE)) await seedEuro2024(tx, teams);
}

async function allMatches(tx: Db): Promise<SeedMatch[]> {
  const rows = await tx.execute(sql`
    SELECT m.id, m.tournament_id, h.code AS home, a.code AS away, m.kickoff_at, m.home_score, m.away_score
    FROM bet_matches m JOIN bet_teams h ON h.id = m.home_team_id JOIN bet_teams a ON a.id = m.away_team_id
    JOIN bet_tournaments t ON t.id = m.tournament_id
    WHERE t.code IN (${WORLD_CUP}, ${EURO_2024_CODE})
    ORDER BY m.kickoff_at, m.id`);
  type Raw = {
    id: number;
    tournament_id: number;
    home: string;
    away: string;
    kickoff_at: Date | string;
    home_score: number | null;
    away_score: number | null;
  };
  return ((rows as { rows?: Raw[] }).rows ?? []).map((r) => ({
    id: r.id,
    tournamentId: r.tournament_id,
    home: r.home,
    away: r.away,
    kickoffAt: new Date(r.kickoff_at),
    result: r.home_score === null || r.away_score === null ? null : { home: r.home_score, away: r.away_score },
  }));
}

/** Predictions of one bettor: an activity level decides how many matches they predict. */
function bettorPredictions(
  rng: Rng,
  playerId: number,
  matches: readonly SeedMatch[],
  now: Date,
): Array<typeof betPredictions.$inferInsert> {
  const activity = 0.35 + rng.next() * 0.6;
  const out: Array<typeof betPredictions.$inferInsert> = [];
  for (const m of matches) {
    const upcoming = m.kickoffAt.getTime() > now.getTime();
    if (!rng.chance(upcoming ? activity * 0.55 : activity)) continue;
    const score = demoPrediction(rng, m.home, m.away);
    const latest = Math.min(m.kickoffAt.getTime() - 5 * 60_000, now.getTime());
    const at = new Date(latest - rng.int(0, 72) * HOUR - rng.int(0, 3599) * 1000);
    let points: number | null = null;
    let hit: Hit | null = null;
    if (m.result) ({ hit, points } = scorePrediction(score, m.result, DEFAULT_SCORING));
    out.push({ matchId: m.id, playerId, homeScore: score.home, awayScore: score.away, points, hit, createdAt: at, updatedAt: at });
  }
  return out;
}

/**
 * Bets seed: the demo World Cup (live: some matches finished and scored, some waiting, some
 * open) and Euro 2024 (finished, real results) shared by every server, then predictions of a
 * share of each server's seeded players (src/domains/leaderboard/seed.ts), scored with the default
 * rules, and the cached standings. `en` gets no bettors.
 */
export default defineSeeder({
  domain: 'bets',
  order: 300,
  async seedServer(tx, { server, rng, now }) {
    await ensureTournaments(tx, now);
    const count = SEED_BETTORS[server];
    if (!count) return 'tournaments; no bettors on this server';
    const roster = await tx.select({ id: players.id }).from(players).where(eq(players.server, server)).orderBy(asc(players.id));
    const pool = roster.map((p) => p.id);
    const bettors: number[] = [];
    while (bettors.length < Math.min(count, pool.length)) {
      const i = rng.int(0, pool.length - 1);
      bettors.push(pool[i]!);
      pool.splice(i, 1);
    }
    const matches = await allMatches(tx);
    const rows = bettors.flatMap((playerId) => bettorPredictions(rng, playerId, matches, now));
    for (let i = 0; i < rows.length; i += 1000) await tx.insert(betPredictions).values(rows.slice(i, i + 1000));
    for (const tournamentId of new Set(matches.map((m) => m.tournamentId))) await refreshStandings(tx, tournamentId, bettors);
    return `${bettors.length} bettors, ${rows.length} predictions`;
  },
  async resetServer(tx, server) {
    const ids = tx.select({ id: players.id }).from(players).where(eq(players.server, server));
    await tx.delete(betPredictions).where(inArray(betPredictions.playerId, ids));
    await tx.delete(betStandings).where(eq(betStandings.server, server));
  },
});
