import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { createRng } from '../../lib/random.js';
import { weekOf } from '../../lib/week.js';
import { ensureWeekPoints } from './seed.js';
import { SERVERS, type ServerCode } from '@landing/domain';

/**
 * Keeps the demo data alive, since no real game feeds this database:
 * - every tick (once a minute) 0.25–0.45% of each server's players are marked as seen in the
 *   last minute; with the 15-minute online window that keeps `online_users` around 4–7% of
 *   the players, moving a little from minute to minute. A `warm` tick (at start, after a
 *   pause) marks 4–6% as seen at random times within the last 14 minutes;
 * - players seen in the last minute earn a few points in the current week;
 * - when a new week has begun, the week gets its first points (see ensureWeekPoints).
 * Turned off with DEMO_ACTIVITY=0 (and in the tests).
 *
 * @param options.warm fill the whole online window at once (used for the first tick)
 */
export async function demoTick(db: Db, servers: readonly ServerCode[], now = new Date(), options: { warm?: boolean } = {}): Promise<void> {
  for (const server of servers) {
    const rng = createRng(`demo:${server}:${now.getTime()}`);
    await ensureWeekPoints(db, server, rng, now);
    const share = options.warm ? 0.04 + rng.next() * 0.02 : 0.0025 + rng.next() * 0.002;
    const spreadSeconds = options.warm ? 14 * 60 : 60;
    await db.execute(sql`
      UPDATE players SET last_seen_at = now() - make_interval(secs => floor(random() * ${spreadSeconds}::int)::int)
      WHERE id IN (
        SELECT id FROM players WHERE server = ${server}
        ORDER BY random()
        LIMIT (SELECT ceil(count(*) * ${share}::float8)::int FROM players WHERE server = ${server})
      )`);
    const week = weekOf(SERVERS[server].timeZone, now);
    await db.execute(sql`
      INSERT INTO weekly_points (player_id, week_start, points)
      SELECT id, ${week.startDate}::date, 1 + floor(random() * 12)::int FROM players
      WHERE server = ${server} AND last_seen_at >= now() - interval '1 minute'
      ON CONFLICT (player_id, week_start) DO UPDATE SET points = weekly_points.points + excluded.points`);
  }
}

/**
 * Runs {@link demoTick} now and then every `intervalMs` (default 60 s) until the returned
 * stop function is called. Failures are logged, never thrown.
 */
export function startDemoActivity(
  db: Db,
  servers: readonly ServerCode[],
  log: FastifyBaseLogger,
  intervalMs = 60_000,
): () => Promise<void> {
  let running: Promise<void> = Promise.resolve();
  const tick = (warm = false) => {
    running = demoTick(db, servers, new Date(), { warm }).catch((err: unknown) => log.warn({ err }, 'demo activity tick failed'));
  };
  tick(true);
  const timer = setInterval(() => tick(), intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
