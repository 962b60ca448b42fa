import zlib from 'node:zlib';
import compress from '@fastify/compress';
import autoload from '@fastify/autoload';
import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import etag from '@fastify/etag';
import helmet from '@fastify/helmet';
import rateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { LogController, type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { STATUS_CODES } from 'node:http';
import { DOMAINS_DIR, loadConfig, MIGRATIONS_DIR, MODULE_EXT, type ApiConfig } from './config.js';
import { openDatabase, type DbHandle } from './db/client.js';
import { runMigrations } from './db/migrate.js';
import { runSeeds } from './db/seed.js';
import { startDemoActivity } from './domains/leaderboard/demo.js';
import { ApiError, SERVER_ERROR_BODY, xsrfMismatch, type ErrorBody } from './lib/errors.js';
import type { RequestContext } from './lib/request-context.js';
import { startLeadership, type Job } from './lib/leader.js';
import { assertCodeHmacKey } from './domains/auth/config.js';
import { storeMailboxIn } from './domains/auth/mail.js';
import { databaseRateLimitStore } from './lib/rate-limit-store.js';
import { createLogger, logRequests } from './lib/request-log.js';
import { startReadCache } from './lib/read-cache.js';
import { startMailOutbox } from './domains/auth/outbox.js';
import { applySecurityHeaders, helmetOptions, PERMISSIONS_POLICY } from './lib/security-headers.js';
import { assertNoNul, parseAuthId } from './lib/validation.js';
import { assertStartable } from './lib/start-guards.js';
import { privateByDefault } from './lib/private-answers.js';
import { redactLogArguments, serializeError } from './lib/log-redaction.js';
import { isXsrfError, registerXsrf, xsrfHmacKey } from './lib/xsrf.js';
import { LOCALE_CODES, isServerCode, type LocaleCode } from '@landing/domain';

export { XSRF_HEADER, xsrfCookieNames } from './lib/xsrf.js';

/** Request headers a browser may send cross-origin (spec §7 + XSRF). */
export const CORS_ALLOWED_HEADERS = ['Content-Type', 'X-Auth-Token', 'X-Auth-Id', 'X-Lang', 'X-Server-Id', 'X-XSRF-TOKEN'];

/** Options of {@link buildApp}; everything defaults to {@link loadConfig}(process.env). */
export interface BuildAppOptions {
  /** Overrides on top of the environment's configuration. */
  config?: Partial<ApiConfig>;
  /** Environment to read the configuration from (default process.env). */
  env?: NodeJS.ProcessEnv;
  /**
   * An already open database. The app then does NOT close it on `app.close()`.
   * Default: open one from `config.databaseUrl` / `config.dataDir` and close it with the app.
   */
  db?: DbHandle;
  /** Run pending migrations on start (default true). */
  migrate?: boolean;
  /** Seed missing (domain, server) pairs on start (default true). */
  seed?: boolean;
  /** Where the log lines go (default stdout); tests read them. */
  logStream?: { write(line: string): void };
}

const PART_NAMES: Record<string, string> = {
  querystring: 'query parameter',
  params: 'path parameter',
  body: 'body field',
  headers: 'header',
};

function validationMessage(error: FastifyError & { validationContext?: string }): string {
  const part = PART_NAMES[error.validationContext ?? ''] ?? 'input';
  const issues = (error.validation ?? []).map((v) => {
    const path = (v.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
    return path
      ? `Invalid ${part} "${path}": ${v.message ?? 'invalid value'}`
      : `Invalid ${part === 'body field' ? 'body' : part}: ${v.message ?? 'invalid value'}`;
  });
  return issues.length ? issues.join('; ') : 'Invalid request';
}

function statusCodeName(status: number): string {
  return (STATUS_CODES[status] ?? 'Error')
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '_')
    .replace(/^_|_$/g, '');
}

function header(request: FastifyRequest, name: string): string | null {
  const v = request.headers[name];
  const s = Array.isArray(v) ? v[0] : v;
  return s && s.trim() ? s.trim() : null;
}

/**
 * Builds the landing API: opens the database (PGlite by default, PostgreSQL
 * with DATABASE_URL), applies migrations, seeds missing demo data, and registers CORS, the
 * XSRF double-submit check, request context (spec §7 headers), the technical break (spec §4),
 * the error shape `{ statusCode, error, message }` (spec §8), OpenAPI at `/docs`, and every
 * domain's routes (`src/domains/<name>/routes.ts` and `<part>.routes.ts`, through @fastify/autoload).
 *
 * The instance is returned before `ready()`, so tests can use `app.inject()` directly. Call
 * `app.close()` to stop timers and close the database.
 *
 * @throws UnsafeConfigError for a configuration the API must not run with (src/lib/start-guards.ts);
 *   DataDirBusyError when another process holds the PGlite directory; migration errors.
 */
export async function buildApp(options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const config: ApiConfig = { ...loadConfig(options.env ?? process.env), ...options.config };
  assertCodeHmacKey(config.auth);
  assertStartable(config);

  const production = config.nodeEnv === 'production';
  const app = Fastify({
    // One line per request through an asynchronous destination (src/lib/request-log.ts). Errors
    // are logged without the request's data (src/lib/log-redaction.ts): a database error as its
    // SQLSTATE and statement name, never the statement's parameters.
    loggerInstance: createLogger(
      {
        level: config.logLevel,
        // (Fastify's type wants pino's own fields; a database error has a code and statement instead.)
        serializers: { err: (err: FastifyError) => serializeError(err) as { type: string; message: string; stack: string } },
        hooks: {
          logMethod(args, method) {
            method.apply(this, redactLogArguments(args) as Parameters<typeof method>);
          },
        },
      },
      options.logStream,
    ),
    logController: new LogController({ disableRequestLogging: true }),
    routerOptions: { maxParamLength: 200 }, // slugs up to 160 characters (shell route validation) get our own error shape
    // Requests Fastify refuses before routing (broken percent-encoding, …): the usual error
    // shape and the security headers, instead of Fastify's own body with its FST_ code.
    frameworkErrors: (error, request, reply) => {
      applySecurityHeaders(request.raw, reply.raw, production);
      const status = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
      const message =
        error.code === 'FST_ERR_BAD_URL'
          ? 'Invalid URL: bad percent-encoding'
          : error.code === 'FST_ERR_MAX_PARAM_LENGTH'
            ? 'Invalid URL: a path segment is too long'
            : 'Bad request';
      const body: ErrorBody = { statusCode: status, error: statusCodeName(status), message };
      void (reply as unknown as FastifyReply).code(status).type('application/json; charset=utf-8').send(body);
    },
    // Behind nginx (several API processes), the client's address comes from X-Forwarded-For.
    ...(config.trustProxy !== undefined ? { trustProxy: config.trustProxy } : {}),
  }).withTypeProvider<ZodTypeProvider>();
  logRequests(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const handle = options.db ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  const ownsDb = !options.db;
  const jobs: Array<{ name: string; start: Job }> = [];
  app.decorate('db', handle.db);
  app.decorate('dbHandle', handle);
  app.decorate('apiConfig', config);
  // The dev mailbox lives in the database, shared by every API process.
  if (config.auth.devMailbox) storeMailboxIn(config, handle.db);
  app.decorate('readCache', null as never);
  app.decorate('leadership', null);
  app.decorate('runOnce', (name: string, start: Job) => {
    jobs.push({ name, start });
  });
  app.addHook('onClose', async () => {
    await app.leadership?.close();
    await app.readCache?.close();
    if (ownsDb) await handle.close();
  });

  try {
    await configure(app, handle, config, options);
  } catch (err) {
    await app.readCache?.close();
    if (ownsDb) await handle.close();
    throw err;
  }
  // Mail leaves the request path (src/domains/auth/outbox.ts): the outbox worker of this process.
  const outbox = startMailOutbox({ handle, config, log: app.log, pollMs: config.mailOutboxPollMs });
  app.decorate('mailOutbox', outbox);
  app.addHook('onClose', async () => {
    await outbox.stop();
  });
  if (config.demoActivity) app.runOnce('demo-activity', () => startDemoActivity(handle.db, config.servers, app.log));
  // Tickers run in one process per database (PostgreSQL advisory lock; PGlite has one process).
  app.addHook('onReady', async () => {
    app.leadership = startLeadership(handle, app.log, jobs, { retryMs: config.leaderRetryMs });
  });
  return app;
}

/** Migrations, seed, plugins, hooks and routes of {@link buildApp}. */
async function configure(app: FastifyInstance, handle: DbHandle, config: ApiConfig, options: BuildAppOptions): Promise<void> {
  const served = new Set<string>(config.servers);
  if (options.migrate !== false) {
    const report = await runMigrations(handle, MIGRATIONS_DIR);
    if (report.applied.length) app.log.info({ applied: report.applied }, 'migrations applied');
    if (report.changed.length)
      app.log.warn({ changed: report.changed }, 'applied migrations were edited since; add a new migration instead');
  }
  if (options.seed !== false) {
    const report = await runSeeds(handle.db, config.servers);
    for (const r of report) if (r.status === 'seeded') app.log.info(r, 'seeded');
  }
  // After migrations (the invalidation triggers exist) and seeds.
  app.readCache = await startReadCache(handle, app.log);

  // ---- errors (spec §8 shape) -------------------------------------------------------------
  app.setErrorHandler((error: FastifyError, request, reply) => {
    let body: ErrorBody;
    if (error instanceof ApiError) {
      body = error.toBody();
    } else if (isXsrfError(error)) {
      body = xsrfMismatch().toBody();
    } else if (hasZodFastifySchemaValidationErrors(error) || Array.isArray(error.validation)) {
      body = { statusCode: 400, error: 'VALIDATION_ERROR', message: validationMessage(error) };
    } else if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
      // Fastify's own client errors (bad JSON, wrong content type, too large, rate limit):
      // their messages describe the request, not the server.
      body = { statusCode: error.statusCode, error: statusCodeName(error.statusCode), message: error.message };
    } else {
      request.log.error({ err: error }, 'unhandled error');
      body = SERVER_ERROR_BODY;
    }
    return reply.code(body.statusCode).type('application/json; charset=utf-8').send(body);
  });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? request.url;
    reply.code(404).send({ statusCode: 404, error: 'NOT_FOUND', message: `Route ${request.method} ${path} not found` });
  });

  // ---- security headers, CORS, cookies, rate limit, OpenAPI ----------------------------------
  // First, so every answer (errors and 404s included) carries them (src/lib/security-headers.ts).
  await app.register(helmet, helmetOptions(config.nodeEnv === 'production'));
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('Permissions-Policy', PERMISSIONS_POLICY);
  });
  // `Cache-Control: private, no-store` unless the route made its answer public (src/lib/private-answers.ts).
  privateByDefault(app);
  await app.register(cors, {
    origin: config.corsOrigins,
    credentials: true,
    allowedHeaders: CORS_ALLOWED_HEADERS,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    maxAge: 600,
  });
  await app.register(cookie);
  // brotli or gzip by Accept-Encoding for answers over 1 KiB (docs/PERFORMANCE.md), with Vary: Accept-Encoding;
  // brotli at quality 4: per-request compression must stay cheap next to the cached answer.
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  // ETag on every string answer and `304` for a matching If-None-Match; cached answers bring
  // their own precomputed ETag (src/lib/read-cache.ts), which the plugin keeps.
  await app.register(etag);
  // Not global: a route opts in with `config: { rateLimit: { max, timeWindow } }` (auth domains).
  // On PostgreSQL the counters live in the database so every API process shares them.
  await app.register(rateLimit, {
    global: false,
    ...(handle.kind === 'postgres' ? { store: databaseRateLimitStore(handle.db) as unknown as FastifyRateLimitStoreCtor } : {}),
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Football manager landing API',
        description:
          'Public landing API, one base per game server: `/{server}/...` (pl, classic, royal; en outside production). ' +
          'Errors are `{ statusCode, error, message }`. Mutating requests need header `X-XSRF-TOKEN` equal to the ' +
          '`XSRF-TOKEN` cookie (get it from `GET /{server}/csrf`).',
        version: '1.0.0',
      },
      tags: [
        { name: 'core', description: 'Health, XSRF cookie, landing info' },
        { name: 'leaderboard', description: 'Weekly leaderboard and stats' },
        { name: 'admin', description: 'Operations (needs X-Admin-Secret)' },
        { name: 'auth', description: 'Accounts, sessions, new-device codes, password reset, social login' },
        { name: 'news', description: 'News, comments with replies, polls and votes' },
        { name: 'bets', description: 'Tournaments, predictions, bets ranking and rules' },
        { name: 'contact', description: 'Contact messages (contact modal)' },
        { name: 'newsletter', description: 'Founder-pack / early-access sign-up' },
      ],
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  // The UI page needs its own sources: swagger-ui sets a CSP for them (staticCSP) over helmet's.
  // Off in production unless API_DOCS=1 (the document is still built: app.swagger()).
  if (config.apiDocs) await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });

  // ---- request context, XSRF ------------------------------------------------------------------
  app.decorateRequest('ctx', null as unknown as RequestContext);
  app.addHook('onRequest', async (request) => {
    const lang = header(request, 'x-lang')?.toLowerCase();
    const serverId = header(request, 'x-server-id');
    request.ctx = {
      server: null,
      authToken: header(request, 'x-auth-token'),
      authId: null,
      lang: lang && (LOCALE_CODES as readonly string[]).includes(lang) ? (lang as LocaleCode) : 'en',
      serverId: isServerCode(serverId) && served.has(serverId) ? serverId : null,
    };
    // Parsed once for every route (src/lib/validation.ts): 400 for anything but an id 1..2^31-1.
    request.ctx.authId = parseAuthId(header(request, 'x-auth-id'));
  });
  // Signed double submit (src/lib/xsrf.ts): secret + token cookies, the check on mutating requests.
  await registerXsrf(app, { production: config.nodeEnv === 'production', hmacKey: await xsrfHmacKey(handle, config.xsrfHmacKey) });

  // No text with U+0000 reaches a handler or the database (PostgreSQL text cannot hold it), on
  // every route, before its schema runs: 400 VALIDATION_ERROR naming the field.
  app.addHook('preValidation', async (request) => {
    assertNoNul(request);
  });

  // ---- routes ---------------------------------------------------------------------------------
  // Every domain's `routes.ts` and `<part>.routes.ts` (src/lib/domain-routes.ts): `/:server` routes
  // with the server check and the technical break, root routes beside them.
  // From the TypeScript sources (tsx), @fastify/autoload recognises tsx only when it is preloaded
  // with --require, not with `node --import tsx` (scripts/serve.mjs, the tests); the compiled
  // build (dist/, MODULE_EXT `.js`) needs no flag.
  if (MODULE_EXT === '.ts') process.env.FASTIFY_AUTOLOAD_TYPESCRIPT ??= '1';
  const routeFile = new RegExp(`/(?:[a-z-]+\\.)?routes\\${MODULE_EXT}$`);
  await app.register(autoload, {
    dir: DOMAINS_DIR,
    matchFilter: (path: string) => routeFile.test(path),
    dirNameRoutePrefix: false,
    forceESM: true,
  });
}
