import { dirname, extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { servedServers, type ServerCode } from '@landing/domain';
import { loadAuthConfig, type AuthConfig } from './domains/auth/config.js';
import { loadTelemetryConfig, type TelemetryConfig } from './domains/telemetry/config.js';
import { devFeaturesEnabled } from './lib/start-guards.js';

/**
 * Folder of the running API code: `api/src` (TypeScript through tsx: npm start, tests) or
 * `api/dist` (the compiled build, `pnpm --filter ./api build`; the container runs it).
 */
export const CODE_DIR = dirname(fileURLToPath(import.meta.url));
/** Extension of the running API modules: `.ts` from the sources, `.js` from the build. */
export const MODULE_EXT = extname(fileURLToPath(import.meta.url));
/** Absolute path of the `api/` package. */
export const API_ROOT = resolve(CODE_DIR, '..');
/** Absolute path of the monorepo root. */
export const REPO_ROOT = resolve(API_ROOT, '..');
/** Folder with the ordered SQL migrations. */
export const MIGRATIONS_DIR = join(API_ROOT, 'migrations');
/** Folder of the API's domains (`<name>/{routes,service,schema,seed}.ts`, `.js` in the build). */
export const DOMAINS_DIR = join(CODE_DIR, 'domains');

/** Runtime configuration of the API, usually read from the environment by {@link loadConfig}. */
export interface ApiConfig {
  nodeEnv: string;
  host: string;
  /** API_PORT + PORT_OFFSET. */
  port: number;
  portOffset: number;
  /** PGlite data directory (ignored when `databaseUrl` is set). `memory://` keeps it in RAM. */
  dataDir: string;
  /** PostgreSQL connection string; when set, node-postgres is used instead of PGlite. */
  databaseUrl: string | undefined;
  /** Allowed browser origins for CORS. */
  corsOrigins: string[];
  /** Secret for the `/admin/*` routes (≥ 32 characters, src/lib/start-guards.ts); undefined disables them. */
  adminSecret: string | undefined;
  /**
   * Credential of the page servers on the content change stream `GET /changes` (CHANGES_TOKEN,
   * ≥ 32 characters, sent as `Authorization: Bearer …`); undefined: no change stream.
   */
  changesToken: string | undefined;
  /**
   * Development features (DEV_FEATURES=1, never with NODE_ENV=production): the local social-login
   * provider, the dev mailbox and the demo accounts. Refused on a non-loopback address.
   */
  devFeatures: boolean;
  /** OpenAPI UI and document at `/docs`: on outside production, in production only with API_DOCS=1. */
  apiDocs: boolean;
  logLevel: string;
  /** Servers answered in this environment (spec §9). */
  servers: ServerCode[];
  /** Keep demo data alive (online presence, weekly points) — src/domains/leaderboard/demo.ts, src/domains/bets/demo.ts. */
  demoActivity: boolean;
  /** Accounts, sessions, mail, OAuth providers, rate limits (src/domains/auth/config.ts). */
  auth: AuthConfig;
  /** HMAC key of the XSRF tokens (XSRF_HMAC_KEY); undefined = a random key kept in `settings`. */
  xsrfHmacKey: string | undefined;
  /** How often (ms) the mail outbox worker looks for due jobs (MAIL_OUTBOX_POLL_MS, 500); 0 = never (tests drain it). */
  mailOutboxPollMs: number;
  /**
   * Fastify `trustProxy` (TRUST_PROXY): behind nginx, whose addresses to trust for
   * X-Forwarded-For (`true`, or proxy-addr names/CIDRs such as `uniquelocal`).
   * Undefined = the socket address is the client (direct connections).
   */
  trustProxy: boolean | string | undefined;
  /** How often a process that does not run the tickers tries to take them over, ms (LEADER_RETRY_MS, default 10 000). */
  leaderRetryMs: number;
  /**
   * How often the telemetry rows past their retention are deleted, ms (TELEMETRY_PRUNE_MS, default
   * 600 000); one process per database does it (a background job). 0: this process never does.
   */
  telemetryPruneMs: number;
  /** `/metrics` and the remotes' telemetry (src/domains/telemetry/config.ts: METRICS_TOKEN, OPS_TOKEN, TEAM_TOKENS, …). */
  telemetry: TelemetryConfig;
}

/**
 * Default CORS origins: the shell and remotes on http://localhost:3000..3009 and the same on
 * 127.0.0.1, all shifted by PORT_OFFSET.
 */
export function defaultCorsOrigins(portOffset: number): string[] {
  const origins: string[] = [];
  for (let p = 3000; p <= 3009; p++) {
    origins.push(`http://localhost:${p + portOffset}`, `http://127.0.0.1:${p + portOffset}`);
  }
  return origins;
}

function int(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${value}"`);
  return n;
}

/** TRUST_PROXY: `true`/`false`, or a proxy-addr list (`loopback, uniquelocal`, CIDRs). */
export function parseTrustProxy(value: string | undefined): boolean | string | undefined {
  const v = value?.trim();
  if (!v) return undefined;
  if (v === 'true') return true;
  if (v === 'false') return false;
  return v;
}

/**
 * Reads the configuration from environment variables.
 *
 * Variables: NODE_ENV, API_HOST (127.0.0.1), API_PORT (4000), PORT_OFFSET (0), DATA_DIR
 * (<repo>/.data/pglite), DATABASE_URL, CORS_ORIGINS (comma list), ADMIN_SECRET, CHANGES_TOKEN, LOG_LEVEL
 * (`warn` under NODE_ENV=test, else `info`), DEMO_ACTIVITY (`0` turns the demo ticker off),
 * XSRF_HMAC_KEY (≥ 32 characters; default: a random key kept in the database), MAIL_OUTBOX_POLL_MS (500),
 * TRUST_PROXY (behind nginx), LEADER_RETRY_MS, TELEMETRY_PRUNE_MS (600000), DEV_FEATURES (`1` = development features, outside
 * production only), API_DOCS (`1` = `/docs` in production too; `0` = off everywhere), and the
 * telemetry's (src/domains/telemetry/config.ts).
 *
 * @throws Error when a numeric variable is not a non-negative integer.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ApiConfig {
  const nodeEnv = env.NODE_ENV ?? 'development';
  const portOffset = int(env.PORT_OFFSET, 0, 'PORT_OFFSET');
  const port = int(env.API_PORT, 4000, 'API_PORT') + portOffset;
  const corsOrigins = env.CORS_ORIGINS?.trim()
    ? env.CORS_ORIGINS.split(',')
        .map((o) => o.trim())
        .filter(Boolean)
    : defaultCorsOrigins(portOffset);
  return {
    nodeEnv,
    host: env.API_HOST?.trim() || '127.0.0.1',
    port,
    portOffset,
    dataDir: env.DATA_DIR?.trim() ? resolve(env.DATA_DIR) : join(REPO_ROOT, '.data', 'pglite'),
    databaseUrl: env.DATABASE_URL?.trim() || undefined,
    corsOrigins,
    adminSecret: env.ADMIN_SECRET?.trim() || undefined,
    changesToken: env.CHANGES_TOKEN?.trim() || undefined,
    devFeatures: devFeaturesEnabled(env, nodeEnv),
    apiDocs: env.API_DOCS?.trim() ? env.API_DOCS.trim() === '1' || env.API_DOCS.trim() === 'true' : nodeEnv !== 'production',
    logLevel: env.LOG_LEVEL?.trim() || (nodeEnv === 'test' ? 'warn' : 'info'),
    servers: servedServers(nodeEnv === 'production'),
    demoActivity: env.DEMO_ACTIVITY !== '0' && env.DEMO_ACTIVITY !== 'false',
    auth: loadAuthConfig(env, { nodeEnv, corsOrigins, portOffset }),
    xsrfHmacKey: env.XSRF_HMAC_KEY?.trim() || undefined,
    mailOutboxPollMs: int(env.MAIL_OUTBOX_POLL_MS, 500, 'MAIL_OUTBOX_POLL_MS'),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    leaderRetryMs: int(env.LEADER_RETRY_MS, 10_000, 'LEADER_RETRY_MS'),
    telemetryPruneMs: int(env.TELEMETRY_PRUNE_MS, 600_000, 'TELEMETRY_PRUNE_MS'),
    telemetry: loadTelemetryConfig(env),
  };
}
