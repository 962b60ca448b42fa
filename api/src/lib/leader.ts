/**
 * Background jobs that must run once across every API process on one database (the
 * demo activity ticker, the bets results ticker).
 *
 * PostgreSQL: the process holding a session-level advisory lock ({@link TICKERS_LOCK_KEY}) on a
 * dedicated connection is the leader and runs the jobs; the others try again every `retryMs`.
 * When the leader stops or dies (even SIGKILL), PostgreSQL ends its session and frees the lock,
 * and the next try of another process takes over. If the leader's connection breaks, it stops
 * its jobs at once (another process may already hold the lock).
 *
 * PGlite: one process per data directory (its lock file), so that process always leads.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { DbHandle, DedicatedConnection } from '../db/client.js';

/** Advisory-lock key of the tickers (any constant bigint; "landing tickers"). */
const TICKERS_LOCK_KEY = 4_411_120_012;

/** A job: starts, and returns a function that stops it and waits for a running tick. */
export type Job = () => () => Promise<void>;

/** State of {@link startLeadership}. */
export interface Leadership {
  /** True while this process runs the jobs. */
  readonly isLeader: boolean;
  /** How many times this process became leader (tests). */
  readonly terms: number;
  /** Stops the jobs and gives the lock up. */
  close(): Promise<void>;
}

/**
 * Runs `jobs` in this process while it is the leader (see the module comment).
 * @param options.retryMs how often a follower tries to take the lock (ms, default 10 000)
 */
export function startLeadership(
  handle: DbHandle,
  log: FastifyBaseLogger,
  jobs: ReadonlyArray<{ name: string; start: Job }>,
  options: { retryMs?: number } = {},
): Leadership {
  const retryMs = options.retryMs ?? 10_000;
  let leader = false;
  let terms = 0;
  let closed = false;
  let stops: Array<() => Promise<void>> = [];
  let conn: DedicatedConnection | undefined;
  let timer: NodeJS.Timeout | undefined;
  let attempt: Promise<void> = Promise.resolve();

  const lead = () => {
    leader = true;
    terms++;
    stops = jobs.map((j) => j.start());
    log.info({ jobs: jobs.map((j) => j.name) }, 'this process runs the tickers');
  };
  const stepDown = async () => {
    const running = stops;
    stops = [];
    leader = false;
    await Promise.all(running.map((s) => s().catch(() => undefined)));
  };
  const schedule = () => {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      attempt = tryLead();
    }, retryMs);
    timer.unref();
  };

  async function tryLead(): Promise<void> {
    if (closed || leader || !handle.openConnection) return;
    let c: DedicatedConnection | undefined;
    try {
      c = await handle.openConnection();
      const [row] = await c.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [TICKERS_LOCK_KEY]);
      if (!row?.ok || closed) {
        await c.close();
        schedule();
        return;
      }
      conn = c;
      c.onEnd(() => {
        if (conn !== c) return;
        conn = undefined;
        if (!closed) log.warn('tickers: lost the database session that held the lock; stopping them');
        void stepDown().then(schedule);
      });
      lead();
    } catch (err) {
      log.warn({ err }, 'tickers: cannot take the lock now');
      await c?.close().catch(() => undefined);
      schedule();
    }
  }

  if (!jobs.length) {
    // nothing to run
  } else if (handle.openConnection) {
    attempt = tryLead();
  } else {
    lead();
  }

  return {
    get isLeader() {
      return leader;
    },
    get terms() {
      return terms;
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await attempt;
      await stepDown();
      const c = conn;
      conn = undefined;
      await c?.close();
    },
  };
}
