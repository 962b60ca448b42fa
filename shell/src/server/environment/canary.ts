/**
 * Canary releases in the page server (docs/OPERATIONS.md "Canary releases"): remotes.json may
 * carry, beside the remote URLs and their pins, a `canary` object written by
 * `scripts/deploy.mjs canary` — remote name → the version a share of visitors gets:
 *
 *   "canary": { "mf_news": { "version": "1.1.0", "url": "…/1.1.0/mf-manifest.json", "percent": 50,
 *               "startedAt": "2026-11-30T10:00:00.000Z", "integrity": { "server/remoteEntry.js": "sha256-…" } } }
 *
 * - Every visitor has a bucket, 0–9999, in the `mf_bucket` cookie: a random number, no identifier
 *   (one visitor in 10,000 has each value), set by the page server while a canary runs and deleted
 *   when none does. It is a necessary cookie: it keeps the site's composition stable for the
 *   visitor, and nothing stores or sends it anywhere.
 * - A visitor is in a canary when a hash of the bucket, the remote and the canary's version falls
 *   below its percentage: stable across pages and reloads for as long as the canary runs, and a
 *   new canary draws its own share.
 * - The visitor's composition is an environment state of its own ({@link compositionOf}): the
 *   canary's URL and pins in place of the stable ones, and its own version string, so the page
 *   cache keeps one entry per composition (never per visitor). The page data carries the
 *   composition's remotes map, so the browser registers exactly what the page server rendered.
 */
import { createHash, randomInt } from 'node:crypto';
import type { RemotesMap } from '@landing/shared';
import type { RemotePins } from '../federation/remote-trust';
import { cookieOf } from '../pages/page-route';
import type { CanaryRelease } from './canary-releases';
import type { EnvironmentState } from './environment';

/** The bucket cookie (see the module comment). */
const BUCKET_COOKIE = 'mf_bucket';
/** Buckets a visitor can be in (0–9999): a percentage is 100 buckets. */
const BUCKETS = 10_000;
/** Life of the bucket cookie (s): 30 days, renewed by no request (a canary lasts hours). */
const BUCKET_MAX_AGE_S = 30 * 86_400;

/** Whether the visitor of `bucket` is in `canary` (a hash of bucket, remote and version below its share). */
export function inCanary(bucket: number, canary: Pick<CanaryRelease, 'remote' | 'version' | 'percent'>): boolean {
  const digest = createHash('sha256').update(`${bucket}:${canary.remote}@${canary.version}`).digest();
  return digest.readUInt32BE(0) % BUCKETS < canary.percent * (BUCKETS / 100);
}

/** The bucket of a Cookie header, or null when it has none (or not a whole number 0–9999). */
export function bucketOf(cookieHeader: string | undefined): number | null {
  const value = cookieOf(cookieHeader, BUCKET_COOKIE);
  if (!value || !/^\d{1,4}$/.test(value)) return null;
  return Number(value);
}

/** The visitor's composition for one request. */
export interface Composition {
  /** The environment as this visitor sees it (the base state when no canary applies). */
  env: EnvironmentState;
  /** The canaries this visitor is in. */
  canaries: readonly CanaryRelease[];
  /** A `Set-Cookie` value to send (a new bucket, or the deletion of one no canary needs), or null. */
  setCookie: string | null;
}

/** Derived states per base state: one per set of canaries joined (a page cache key part each). */
const variants = new WeakMap<EnvironmentState, Map<string, EnvironmentState>>();

/** The environment state of a set of canaries: their URLs and pins in place of the stable ones. */
function variantOf(base: EnvironmentState, joined: readonly CanaryRelease[]): EnvironmentState {
  if (!joined.length) return base;
  const key = joined.map((c) => `${c.remote}@${c.version}`).join(',');
  let byKey = variants.get(base);
  if (!byKey) variants.set(base, (byKey = new Map()));
  let state = byKey.get(key);
  if (!state) {
    const remotes: RemotesMap = { ...base.remotes };
    const pins: RemotePins = { ...base.pins };
    for (const c of joined) {
      remotes[c.remote] = c.url;
      if (c.pins) pins[c.remote] = c.pins;
      else delete pins[c.remote];
    }
    const version = createHash('sha1').update(`${base.version}|${key}`).digest('base64url').slice(0, 12);
    state = { ...base, remotes, pins, version, canaries: [], composition: key };
    byKey.set(key, state);
  }
  return state;
}

/**
 * The composition of one request: the canaries the visitor's bucket joins (a new bucket when the
 * request has none and a canary runs) and the environment state that composes them.
 * @param secure  the page is served over https (the cookie is then `Secure`)
 */
export function compositionOf(base: EnvironmentState, cookieHeader: string | undefined, secure: boolean): Composition {
  const existing = bucketOf(cookieHeader);
  const running = base.canaries ?? [];
  if (!running.length) {
    // No canary: a bucket cookie left from one is deleted (no composition needs it).
    return { env: base, canaries: [], setCookie: existing === null ? null : `${BUCKET_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax` };
  }
  const bucket = existing ?? randomInt(BUCKETS);
  const joined = running.filter((c) => inCanary(bucket, c));
  const setCookie =
    existing === null
      ? `${BUCKET_COOKIE}=${bucket}; Path=/; Max-Age=${BUCKET_MAX_AGE_S}; SameSite=Lax; HttpOnly${secure ? '; Secure' : ''}`
      : null;
  return { env: variantOf(base, joined), canaries: joined, setCookie };
}
