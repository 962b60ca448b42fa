import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { z } from 'zod';
import type { ApiConfig } from '../config.js';
import type { Db, DbHandle } from '../db/client.js';
import type { MailOutbox } from './mail-outbox.js';
import type { Job, Leadership } from './leader.js';
import type { ReadCache } from './read-cache.js';
import { ALL_SERVERS, type Lang, type ServerCode } from '../servers.js';

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
  lang: Lang;
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
    /** The mail outbox worker of this process (src/lib/mail-outbox.ts); `drain()` sends what is due now. */
    mailOutbox: MailOutbox;
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
    /** `'allow'` keeps a `/:server` route answering during the technical break (only `/landing`). */
    technicalBreak?: 'allow';
  }
}

/** Path parameters of every `/:server/...` route. Unknown codes are answered 404 before validation. */
export const ServerParams = z.object({
  server: z.enum(ALL_SERVERS).describe('Game server code (`en` only outside production)'),
});

/**
 * What a `src/routes/<domain>.ts` file exports by default. The app loads every file of
 * `src/routes/` (sorted by name), so adding a domain never edits a shared list.
 */
export interface RouteModule {
  /** Domain name, also the OpenAPI tag. */
  domain: string;
  /**
   * Routes mounted under `/:server` (declare `params: ServerParams`). The server is validated
   * (404 UNKNOWN_SERVER) and the technical break applied (503) before these run.
   */
  serverRoutes?: FastifyPluginAsyncZod;
  /** Routes mounted at the root, e.g. `/health`, `/admin/...`. */
  rootRoutes?: FastifyPluginAsyncZod;
}

/** Identity helper giving a route module its type. */
export function defineRoutes(module: RouteModule): RouteModule {
  return module;
}

/**
 * Imports every `.ts`/`.js` file directly in `dir` (not `*.d.ts`, not files starting with `_`),
 * sorted by file name, and returns their default exports after `check`.
 *
 * @throws Error naming the file when a default export fails `check`.
 */
export async function loadModules<T>(dir: string, check: (value: unknown) => value is T): Promise<T[]> {
  const files = readdirSync(dir)
    .filter((f) => /\.(ts|js|mts|mjs)$/.test(f) && !f.endsWith('.d.ts') && !f.startsWith('_'))
    .sort();
  const out: T[] = [];
  for (const file of files) {
    const mod = (await import(pathToFileURL(join(dir, file)).href)) as { default?: unknown };
    if (!check(mod.default)) throw new Error(`${join(dir, file)}: default export has the wrong shape`);
    out.push(mod.default);
  }
  return out;
}

/**
 * Adds request headers to the answer's `Vary` without dropping what is there already (CORS puts
 * `Origin` first), so a shared cache keeps answers per language / per session apart.
 * @param reply any object with Fastify's `getHeader` / `header`
 */
export function addVary(reply: { getHeader(name: string): unknown; header(name: string, value: string): unknown }, ...names: string[]): void {
  const current = reply.getHeader('vary');
  const list = current ? String(current).split(',').map((v) => v.trim()).filter(Boolean) : [];
  for (const name of names) if (!list.some((v) => v.toLowerCase() === name.toLowerCase())) list.push(name);
  reply.header('Vary', list.join(', '));
}
