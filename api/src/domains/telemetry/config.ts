/**
 * Configuration of the telemetry domain and of `/metrics` (docs/OPERATIONS.md), read from the
 * environment by {@link loadTelemetryConfig} and kept in `app.apiConfig.telemetry`.
 *
 * Variables:
 * - METRICS_TOKEN (≥ 32 characters): `GET /metrics` answers only `Authorization: Bearer <it>`;
 *   without it there is no `/metrics` (404).
 * - OPS_TOKEN (≥ 32 characters): reads the operations view of every remote and sends release
 *   steps (the canary guard); ADMIN_SECRET does the same.
 * - TEAM_TOKENS: `mf_news=<token>,mf_bets=<token>` (each ≥ 32 characters): a team's token reads
 *   its own remote's figures only.
 * - TELEMETRY_RATE_LIMIT (300): batches a minute per address at `POST /telemetry`, then 429.
 * - TELEMETRY_SOURCE_MAP_ORIGINS: the remotes' origins whose `.map` files the API may fetch to
 *   resolve stack frames, comma separated, each `public` or `public=internal`
 *   (`http://localhost:3002=http://mf-news` in a container network); none by default.
 */

import { UnsafeConfigError } from '../../lib/start-guards.js';

/** Shortest accepted credential (as ADMIN_SECRET, src/lib/start-guards.ts). */
const TOKEN_MIN_LENGTH = 32;

/** The telemetry domain's configuration. */
export interface TelemetryConfig {
  metricsToken: string | undefined;
  opsToken: string | undefined;
  /** Remote name → its team's token. */
  teamTokens: Record<string, string>;
  /** Batches a minute per address at `POST /telemetry`. */
  rateLimitPerMinute: number;
  /** Public origin of a remote → origin the API fetches its source maps from. */
  sourceMapOrigins: Record<string, string>;
}

/** `a=b,c` → `{ a: 'b', c: 'c' }` (whitespace trimmed, empty items dropped). */
function pairs(value: string | undefined): Array<[string, string]> {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
    .map((item) => {
      const at = item.indexOf('=');
      return at < 0 ? [item, item] : [item.slice(0, at).trim(), item.slice(at + 1).trim()];
    });
}

/**
 * Reads the telemetry configuration (see the file comment).
 * @throws Error for a TEAM_TOKENS item that does not name a remote, or a rate limit that is not a whole number ≥ 1
 */
export function loadTelemetryConfig(env: NodeJS.ProcessEnv): TelemetryConfig {
  const teamTokens: Record<string, string> = {};
  for (const [remote, token] of pairs(env.TEAM_TOKENS)) {
    if (!/^mf_[a-z0-9_]+$/.test(remote) || token === remote) throw new Error(`TEAM_TOKENS: "${remote}" must be <remote name>=<token>`);
    teamTokens[remote] = token;
  }
  const rate = Number(env.TELEMETRY_RATE_LIMIT?.trim() || 300);
  if (!Number.isInteger(rate) || rate < 1)
    throw new Error(`TELEMETRY_RATE_LIMIT must be a whole number ≥ 1, got "${env.TELEMETRY_RATE_LIMIT}"`);
  const sourceMapOrigins: Record<string, string> = {};
  for (const [from, to] of pairs(env.TELEMETRY_SOURCE_MAP_ORIGINS)) {
    try {
      sourceMapOrigins[new URL(from).origin] = new URL(to).origin;
    } catch {
      throw new Error(`TELEMETRY_SOURCE_MAP_ORIGINS: "${from}=${to}" is not an origin (http://host:port)`);
    }
  }
  return {
    metricsToken: env.METRICS_TOKEN?.trim() || undefined,
    opsToken: env.OPS_TOKEN?.trim() || undefined,
    teamTokens,
    rateLimitPerMinute: rate,
    sourceMapOrigins,
  };
}

/**
 * Refuses credentials under {@link TOKEN_MIN_LENGTH} characters, as src/lib/start-guards.ts does
 * for ADMIN_SECRET and CHANGES_TOKEN (buildApp calls it before it opens the database).
 * @throws UnsafeConfigError listing each short credential
 */
export function assertTelemetryCredentials(config: TelemetryConfig): void {
  const short = (name: string, value: string | undefined) =>
    value !== undefined && value.length < TOKEN_MIN_LENGTH
      ? [`${name} has ${value.length} characters; it needs at least ${TOKEN_MIN_LENGTH} (e.g. \`openssl rand -hex 32\`), or unset it`]
      : [];
  const problems = [
    ...short('METRICS_TOKEN', config.metricsToken),
    ...short('OPS_TOKEN', config.opsToken),
    ...Object.entries(config.teamTokens).flatMap(([remote, token]) => short(`TEAM_TOKENS (${remote})`, token)),
  ];
  if (problems.length) throw new UnsafeConfigError(problems);
}
