/**
 * What every request carries (spec §7 headers and the path's server) and what the app decorates
 * Fastify with: the type augmentation of `FastifyInstance`, `FastifyRequest` and the route
 * `config` used across the domains. A domain's own decorations are declared beside the plugin
 * that makes them (e.g. `mailOutbox`, src/domains/auth/outbox.plugin.ts).
 */
import type { LocaleCode, ServerCode } from '@landing/domain';
import type { ApiConfig } from '../config.js';
import type { Db, DbHandle } from '../db/client.js';
import type { Job, Leadership } from './leader.js';
import type { ReadCache } from './read-cache.js';

/**
 * Per-request context filled by the API from the headers of spec §7 (and the path's server).
 * Available as `request.ctx` in every hook and handler.
 */
export interface RequestContext {
  /** Server of the `/:server/...` path once validated; null on root routes. */
  server: ServerCode | null;
  /** `X-Auth-Token` (stored token), null when absent. */
  authToken: string | null;
  /** `X-Auth-Id` (stored user id), null when absent. */
  authId: string | null;
  /** `X-Lang`, one of the nine locales; `en` when absent or unknown. */
  lang: LocaleCode;
  /** `X-Server-Id` (the client's selected server) when it is a known server code, else null. */
  serverId: ServerCode | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Drizzle database (PGlite or PostgreSQL). */
    db: Db;
    /** The open database with raw-SQL access and close(). */
    dbHandle: DbHandle;
    /** Effective configuration. */
    apiConfig: ApiConfig;
    /**
     * Whether `server` is in its technical break (spec §4), asked by src/lib/domain-routes.ts
     * before every `/:server` route; provided by the core domain's `technical-break` plugin.
     */
    technicalBreakOn(server: string): Promise<boolean>;
    /** Answers of the read routes, invalidated by writes in every process (src/lib/read-cache.ts). */
    readCache: ReadCache;
    /**
     * Registers a background job that runs in ONE API process per database (src/lib/leader.ts).
     * Call before the app is ready; jobs start on `onReady` in the leading process.
     */
    runOnce(name: string, start: Job): void;
    /** Whether this process leads the background jobs (set once the app is ready). */
    leadership: Leadership | null;
  }
  interface FastifyRequest {
    ctx: RequestContext;
  }
  interface FastifyContextConfig {
    /** `false` exempts a mutating route from the XSRF double-submit check (e.g. secret-protected admin routes). */
    xsrf?: boolean;
    /** `'allow'` keeps a `/:server` route answering during the technical break (only `/landing` and `/servers`). */
    technicalBreak?: 'allow';
  }
}
