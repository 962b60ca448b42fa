/**
 * Demo behaviour of the bets game, since no real feed enters results in this database:
 * generated but plausible scores for the seed, and a ticker that enters the result of a demo
 * tournament's match (`auto_results`) two hours after kick-off, scoring it like an admin would.
 * Real tournaments (auto_results = false) only get results through the admin route.
 */
import { and, eq, isNull, lte } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { betMatches, betTeams, betTournaments } from './tables.js';
import { createRng, type Rng } from '../../lib/random.js';
import { alias } from 'drizzle-orm/pg-core';
import { strengthOf } from './data.js';
import { enterResult } from './results.js';
import type { Score } from './scoring.js';

/** A match's result is entered this long after kick-off (ms): 2 hours. */
export const DEMO_RESULT_DELAY_MS = 2 * 3600_000;

function poisson(rng: Rng, lambda: number): number {
  const limit = Math.exp(-lambda);
  let k = 0;
  let p = rng.next();
  while (p > limit && k < 9) {
    k++;
    p *= rng.next();
  }
  return k;
}

/** Expected goals of both teams from their strengths (about 1.3 each for equal teams). */
function expectedGoals(homeCode: string, awayCode: string): Score {
  const diff = strengthOf(homeCode) - strengthOf(awayCode);
  const clamp = (x: number) => Math.max(0.25, Math.min(3.6, x));
  return { home: clamp(1.3 * 10 ** (diff / 900)), away: clamp(1.3 * 10 ** (-diff / 900)) };
}

/** A plausible final score for a match between two teams (Poisson goals around their strengths). */
export function demoResult(rng: Rng, homeCode: string, awayCode: string): Score {
  const xg = expectedGoals(homeCode, awayCode);
  return { home: poisson(rng, xg.home), away: poisson(rng, xg.away) };
}

/** A plausible prediction by a demo bettor: mostly the favourite, small scores, some wild guesses. */
export function demoPrediction(rng: Rng, homeCode: string, awayCode: string): Score {
  if (rng.chance(0.08)) return { home: rng.int(0, 4), away: rng.int(0, 4) };
  const xg = expectedGoals(homeCode, awayCode);
  const pick = (x: number) => Math.max(0, Math.min(6, Math.round(x + rng.gauss() * 0.85)));
  return { home: pick(xg.home), away: pick(xg.away) };
}

/**
 * Enters generated results for every demo-tournament match that kicked off at least
 * {@link DEMO_RESULT_DELAY_MS} before `now` and has none yet.
 * @returns number of matches resulted
 */
export async function resolveDueDemoMatches(db: Db, now: Date): Promise<number> {
  const home = alias(betTeams, 'home');
  const away = alias(betTeams, 'away');
  const due = await db
    .select({ id: betMatches.id, home: home.code, away: away.code })
    .from(betMatches)
    .innerJoin(betTournaments, eq(betTournaments.id, betMatches.tournamentId))
    .innerJoin(home, eq(home.id, betMatches.homeTeamId))
    .innerJoin(away, eq(away.id, betMatches.awayTeamId))
    .where(
      and(
        eq(betTournaments.autoResults, true),
        isNull(betMatches.homeScore),
        lte(betMatches.kickoffAt, new Date(now.getTime() - DEMO_RESULT_DELAY_MS)),
      ),
    )
    .orderBy(betMatches.kickoffAt, betMatches.id);
  for (const m of due) {
    await enterResult(db, m.id, demoResult(createRng(`bets-result:${m.id}:${m.home}:${m.away}`), m.home, m.away), now);
  }
  return due.length;
}

/**
 * Runs {@link resolveDueDemoMatches} now and then every `intervalMs` (default 5 minutes) on the
 * machine clock. Failures are logged, never thrown.
 * @returns a function that stops the ticker and waits for a running tick
 */
export function startBetsDemo(db: Db, log: FastifyBaseLogger, intervalMs = 5 * 60_000): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    running = resolveDueDemoMatches(db, new Date()).then(
      (n) => {
        if (n) log.info({ matches: n }, 'bets demo: results entered');
      },
      (err: unknown) => log.warn({ err }, 'bets demo tick failed'),
    );
  };
  tick();
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
