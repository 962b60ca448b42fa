/**
 * The environment a page server serves: its `config.json` and `remotes.json` (scripts/deploy.mjs
 * writes them; a remote redeployed alone changes remotes.json only), and what is derived from
 * them once per change instead of once per request: the security headers (helmet) and a
 * version string that the page cache keys on.
 *
 * The files are looked at (one `stat` each, by a request) at most once per
 * {@link ENV_CHECK_INTERVAL_MS}, and by the next request after their folder reports a change
 * (fs.watch, where available: a redeploy reaches the next request), and read again only when
 * their size or modification time changed. An unreadable or invalid file keeps the last good value: a bad deploy
 * never takes the site down.
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync, watch } from 'node:fs';
import { dirname } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import { DEFAULT_RUNTIME_CONFIG, sanitizeRemotesMap, type RemotesMap, type RuntimeConfig } from '@landing/shared';
import { sanitizeCanaries, type CanaryRelease } from './canary-releases';
import { sanitizeRemotePins, type RemotePins } from '../federation/remote-trust';
import { PERMISSIONS_POLICY, securityHeaderOptions } from './security-policy.mjs';

/** How often the environment files are looked at (ms): the bound for a redeploy to reach the pages. */
export const ENV_CHECK_INTERVAL_MS = 1000;

/** One state of the environment. */
export interface EnvironmentState {
  /** config.json after the defaults, the command line's overrides and the production guard. */
  config: RuntimeConfig;
  /** remotes.json, known remote names with http(s) or root-relative manifest URLs only. */
  remotes: RemotesMap;
  /** remotes.json `integrity`: SHA-256 pins of each remote's server files (remote-trust.ts). */
  pins: RemotePins;
  /** remotes.json `canary`: versions a share of visitors gets (canary.ts); none in a visitor's own composition. */
  canaries?: readonly CanaryRelease[];
  /** In a visitor's composition with canaries (canary.ts): the canaries it joined, `mf_news@1.1.0,…`. */
  composition?: string;
  /** Changes whenever `config`, `remotes`, `pins` or `canaries` change (hash of them): part of every page cache key. */
  version: string;
  /**
   * The security headers of this environment for a request path (Content-Security-Policy listing
   * its remote origins, HSTS in production, …; the social-login callback pages keep their opener):
   * header name → value, computed by helmet once per environment state.
   */
  securityHeaders(path: string): Readonly<Record<string, string>>;
}

/** The headers a helmet middleware sets, collected once (helmet writes them with `setHeader`). */
function headersOf(middleware: ReturnType<typeof helmet>): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => (headers[name] = String(value)),
    removeHeader: (name: string) => delete headers[name],
    getHeader: (name: string) => headers[name],
  };
  middleware({ headers: {} } as IncomingMessage, res as unknown as ServerResponse, () => undefined);
  headers['Permissions-Policy'] = PERMISSIONS_POLICY;
  return headers;
}

/** Options of {@link createEnvironment}. */
export interface EnvironmentOptions {
  /** The environment's remotes.json. */
  remotesFile: string;
  /** The environment's config.json; missing → defaults. */
  configFile?: string;
  /** Merged over config.json (e.g. the local API base), before the production guard. */
  configOverrides?: Partial<RuntimeConfig>;
  /** The production guard: production, and no tester override origin, whatever config.json says. */
  production: boolean;
}

/** `size:mtime` of a file, or '' when it cannot be looked at. */
function fileStamp(file: string | undefined): string {
  if (!file) return '';
  try {
    const s = statSync(file);
    return `${s.size}:${s.mtimeMs}`;
  } catch {
    return '';
  }
}

/** Parses a JSON file; `undefined` when missing or invalid (logged). */
function readJson(file: string | undefined): unknown {
  if (!file) return undefined;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (e) {
    console.error(`[shell] ${file} is not valid JSON (${(e as Error).message}); using the last good value`);
    return undefined;
  }
}

/**
 * The environment of one page server process.
 * @returns `current()`, the state as of the last look at the files (at most one
 *   {@link ENV_CHECK_INTERVAL_MS} old)
 */
export function createEnvironment(o: EnvironmentOptions, now: () => number = Date.now): { current(): EnvironmentState } {
  let config: RuntimeConfig = { ...DEFAULT_RUNTIME_CONFIG, ...o.configOverrides };
  let remotes: RemotesMap = {};
  let pins: RemotePins = {};
  let canaries: CanaryRelease[] = [];
  let stamps = '\0';
  let checkedAt = -Infinity;
  let state: EnvironmentState | undefined;

  const load = (): void => {
    const file = readJson(o.configFile) as Partial<RuntimeConfig> | undefined;
    const merged = {
      ...DEFAULT_RUNTIME_CONFIG,
      ...config,
      ...(file ?? {}),
      ...o.configOverrides,
      links: { ...DEFAULT_RUNTIME_CONFIG.links, ...file?.links },
    };
    config = o.production
      ? { ...merged, production: true, trustedRemoteOrigins: [] }
      : { ...merged, trustedRemoteOrigins: merged.trustedRemoteOrigins ?? [] };
    const read = readJson(o.remotesFile);
    if (read !== undefined) [remotes, pins, canaries] = [sanitizeRemotesMap(read), sanitizeRemotePins(read), sanitizeCanaries(read)];
    // A file caught half-written (a plain write, not a rename) is read again at the next look.
    else stamps = '\0';
    const version = createHash('sha1')
      .update(JSON.stringify([config, remotes, pins, canaries]))
      .digest('base64url')
      .slice(0, 12);
    // Once per environment state, not per request; the canaries' origins are allowed on every page
    // (a cached page's headers are the same for every composition).
    const allowed = { ...remotes, ...Object.fromEntries(canaries.map((c) => [`${c.remote}#canary`, c.url])) };
    const pageHeaders = headersOf(helmet(securityHeaderOptions({ config, remotes: allowed, path: '/' })));
    const callbackHeaders = headersOf(helmet(securityHeaderOptions({ config, remotes: allowed, path: '/auth_callback' })));
    state = {
      config,
      remotes,
      pins,
      canaries,
      version,
      securityHeaders: (path) => (/^\/auth(_callback|\/)/.test(path) ? callbackHeaders : pageHeaders),
    };
  };

  // A change in the folders of the files (scripts/deploy.mjs renames remotes.json into place)
  // makes the next request look at them at once.
  for (const dir of new Set([o.remotesFile, o.configFile].filter((f): f is string => !!f).map((f) => dirname(f)))) {
    try {
      watch(dir, () => (checkedAt = -Infinity)).unref();
    } catch {
      /* no folder or no watching: the once-a-second look remains */
    }
  }

  return {
    current(): EnvironmentState {
      const t = now();
      if (state && t - checkedAt < ENV_CHECK_INTERVAL_MS) return state;
      checkedAt = t;
      const next = `${fileStamp(o.configFile)}|${fileStamp(o.remotesFile)}`;
      if (!state || next !== stamps) {
        stamps = next;
        load();
      }
      return state!;
    },
  };
}
