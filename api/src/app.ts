/**
 * The landing API as a Fastify app: cross-cutting parts are plugins (fastify-plugin, each named
 * and declaring what it depends on) in src/plugins/, domain parts beside their domain
 * (`*.plugin.ts`), and every domain's routes are loaded by @fastify/autoload.
 */
import autoload from '@fastify/autoload';
import Fastify, { LogController, type FastifyError, type FastifyInstance, type FastifyReply } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { DOMAINS_DIR, loadConfig, MODULE_EXT, type ApiConfig } from './config.js';
import { openDatabase, type DbHandle } from './db/client.js';
import { assertCodeHmacKey } from './domains/auth/config.js';
import { authError } from './domains/auth/messages.js';
import mailOutbox from './domains/auth/outbox.plugin.js';
import { sessionAcceptsXsrfSecret } from './domains/auth/sessions.js';
import technicalBreak from './domains/core/technical-break.plugin.js';
import { startDemoActivity } from './domains/leaderboard/demo.js';
import { assertTelemetryCredentials } from './domains/telemetry/config.js';
import type { ErrorBody } from './lib/errors.js';
import { redactLogArguments, serializeError } from './lib/log-redaction.js';
import { createLogger, logRequests } from './lib/request-log.js';
import { applySecurityHeaders } from './lib/security-headers.js';
import { assertStartable } from './lib/start-guards.js';
import backgroundJobs from './plugins/background-jobs.js';
import compression from './plugins/compression.js';
import database from './plugins/database.js';
import errors, { statusCodeName } from './plugins/errors.js';
import metrics from './plugins/metrics.js';
import openapi from './plugins/openapi.js';
import rateLimit from './plugins/rate-limit.js';
import readCache from './plugins/read-cache.js';
import requestContext from './plugins/request-context.js';
import security from './plugins/security.js';
import xsrf from './plugins/xsrf.js';

export { CORS_ALLOWED_HEADERS } from './plugins/security.js';

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

/**
 * Builds the landing API: opens the database (PGlite by default, PostgreSQL
 * with DATABASE_URL), applies migrations, seeds missing demo data, and registers CORS, the
 * XSRF double-submit check, request context (spec §7 headers), the technical break (spec §4),
 * the error shape `{ statusCode, error, message }` (spec §8), OpenAPI at `/docs`, and every
 * domain's routes (`src/domains/<name>/routes.ts` and `<part>.routes.ts`, through @fastify/autoload).
 * The plugins, in registration order: database → read-cache → background-jobs → errors →
 * security → compression → metrics → rate-limit → openapi → request-context → xsrf → technical-break →
 * routes → mail-outbox.
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
  assertTelemetryCredentials(config.telemetry);

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
    // The `database` plugin applies migrations and seeds before the app is ready; on a large
    // database or a busy machine that outlasts Fastify's default 10 s plugin timeout, which would
    // abort start-up half-migrated. 300 000 ms still ends a start-up that hangs.
    pluginTimeout: 300_000,
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
  app.decorate('apiConfig', config);
  try {
    await app.register(database, {
      handle,
      ownsDb,
      migrate: options.migrate !== false,
      seed: options.seed !== false,
      servers: config.servers,
    });
    // After migrations (the invalidation triggers exist) and seeds.
    await app.register(readCache);
    await app.register(backgroundJobs);
    await app.register(errors);
    // First of the answer's plugins, so every answer (errors and 404s included) carries the headers.
    await app.register(security);
    await app.register(compression);
    await app.register(metrics);
    await app.register(rateLimit);
    await app.register(openapi);
    await app.register(requestContext);
    await app.register(xsrf, {
      session: {
        accepts: (request, secret) => sessionAcceptsXsrfSecret(app.db, request.ctx, secret),
        refusal: (request) => authError(401, request.ctx.lang, 'SESSION_EXPIRED'),
      },
    });
    await app.register(technicalBreak);
    await app.register(routes);
  } catch (err) {
    if (app.hasDecorator('readCache')) await app.readCache?.close();
    if (ownsDb) await handle.close();
    throw err;
  }
  // Mail leaves the request path (src/domains/auth/outbox.ts): the outbox worker of this process.
  await app.register(mailOutbox);
  if (config.demoActivity) app.runOnce('demo-activity', () => startDemoActivity(handle.db, config.servers, app.log));
  return app;
}

/**
 * Every domain's `routes.ts` and `<part>.routes.ts` (src/lib/domain-routes.ts): `/:server` routes
 * with the server check and the technical break, root routes beside them.
 */
async function routes(app: FastifyInstance): Promise<void> {
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
