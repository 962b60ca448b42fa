/**
 * A @fastify/rate-limit store in the database, so every API process on one PostgreSQL server
 * counts the same requests. The counting is
 * rate-limiter-flexible's RateLimiterDrizzle (one atomic upsert per request on table
 * `rate_limits`, migration 0004); this file only adapts it to @fastify/rate-limit's store
 * interface (`incr`, `child`), which no published store does for PostgreSQL.
 *
 * Used only with PostgreSQL: PGlite runs in one process, where @fastify/rate-limit's in-memory
 * store counts exactly and costs no query.
 */
import { RateLimiterDrizzle, RateLimiterRes } from 'rate-limiter-flexible';
import type { Db } from '../db/client.js';
import { rateLimits } from '../db/tables.js';

/** What @fastify/rate-limit hands a store's constructor and `child` (the route's merged options). */
interface StoreParams {
  routeInfo?: { method?: string | string[]; url?: string };
}

type IncrCallback = (err: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * The store class for `@fastify/rate-limit`'s `store` option, bound to `db`.
 * Keys are `<method> <route url>:<client key>`, so each route keeps its own counters, as with
 * the plugin's in-memory store.
 */
export function databaseRateLimitStore(db: Db) {
  let cleaner = false;
  return class DatabaseRateLimitStore {
    private readonly limiters = new Map<string, RateLimiterDrizzle>();
    private readonly prefix: string;

    constructor(params: StoreParams = {}) {
      const method = Array.isArray(params.routeInfo?.method) ? params.routeInfo.method.join(',') : (params.routeInfo?.method ?? '');
      this.prefix = `${method} ${params.routeInfo?.url ?? '*'}`.trim();
    }

    private limiter(timeWindowMs: number, max: number): RateLimiterDrizzle {
      const id = `${timeWindowMs}/${max}`;
      let l = this.limiters.get(id);
      if (!l) {
        l = new RateLimiterDrizzle({
          storeClient: db,
          schema: rateLimits,
          keyPrefix: this.prefix,
          points: max,
          duration: timeWindowMs / 1000,
          // One process-wide sweep of expired rows is enough (every 5 minutes, timer unref'd).
          clearExpiredByTimeout: !cleaner,
        } as ConstructorParameters<typeof RateLimiterDrizzle>[0]);
        cleaner = true;
        this.limiters.set(id, l);
      }
      return l;
    }

    /** Counts one request of `key`; calls back with the count in the window and the ms left. */
    incr(key: string, callback: IncrCallback, timeWindow: number, max: number): void {
      this.limiter(timeWindow, max)
        .consume(key)
        .then(
          (res) => callback(null, { current: res.consumedPoints, ttl: res.msBeforeNext }),
          (rejection: unknown) => {
            if (rejection instanceof RateLimiterRes) callback(null, { current: rejection.consumedPoints, ttl: rejection.msBeforeNext });
            else callback(rejection instanceof Error ? rejection : new Error(String(rejection)));
          },
        );
    }

    /** The store of one route (its own key prefix). */
    child(routeOptions: StoreParams): DatabaseRateLimitStore {
      return new DatabaseRateLimitStore(routeOptions);
    }
  };
}
