/**
 * Canary releases of one remote (docs/OPERATIONS.md "Canary releases"): the steps that
 * scripts/deploy.mjs runs (`canary`, `promote`, `abort`) and the canary guard
 * (scripts/canary-guard.mjs) takes on its own, the rule that decides an automatic abort, and the
 * environment's link to the telemetry API.
 *
 * remotes.json `canary.<remote>`: `{ version, url, percent, startedAt, integrity }` — the page
 * server gives that version to `percent` % of visitors (shell/src/server/environment/canary.ts), pinned by
 * its own `integrity`; history.json records each step `{ at, action, remote, from, to, url,
 * percent?, reason?, auto?, by }`.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readJson } from './env-store.mjs';

/**
 * When the guard aborts a canary, unless environment.json `canaryPolicy` says otherwise:
 * - `minPageViews`: page views that showed the canary before anything is decided (200);
 * - `ratio` and `floorPer1000`: a canary whose rate of errors, of load failures or of fallbacks
 *   per 1,000 page views is at least `ratio` × the stable version's rate over the same time and
 *   above `floorPer1000`, is aborted (2 × and 10 per 1,000, i.e. 1 % of page views);
 * - `intervalS`: seconds between two looks at the figures (5).
 */
export const DEFAULT_CANARY_POLICY = Object.freeze({ minPageViews: 200, ratio: 2, floorPer1000: 10, intervalS: 5 });

/** The failure kinds compared, with their names in a reason. */
const KINDS = [
  ['errors', 'errors'],
  ['loadFailures', 'load failures'],
  ['fallbacks', 'fallbacks'],
];

/** The environment's canary policy (environment.json `canaryPolicy` over {@link DEFAULT_CANARY_POLICY}). */
export function canaryPolicy(settings) {
  return { ...DEFAULT_CANARY_POLICY, ...(settings?.canaryPolicy ?? {}) };
}

/**
 * Whether a canary must be aborted, from one remote's counts per version since the canary started
 * (the API's `GET /telemetry/figures`).
 * @param {{ pageViews: number, errors: number, loadFailures: number, fallbacks: number } | undefined} canary
 * @param {{ pageViews: number, errors: number, loadFailures: number, fallbacks: number } | undefined} stable
 * @param {typeof DEFAULT_CANARY_POLICY} policy
 * @returns {{ abort: boolean, reason: string, waiting: boolean }} `waiting`: fewer page views than the minimum
 */
export function judgeCanary(canary, stable, policy) {
  const views = canary?.pageViews ?? 0;
  if (views < policy.minPageViews) return { abort: false, waiting: true, reason: `${views} of ${policy.minPageViews} page views` };
  const rate = (c, kind) => (c && c.pageViews > 0 ? (c[kind] * 1000) / c.pageViews : 0);
  for (const [kind, label] of KINDS) {
    const mine = rate(canary, kind);
    const theirs = rate(stable, kind);
    if (mine > policy.floorPer1000 && mine >= policy.ratio * theirs) {
      return {
        abort: true,
        waiting: false,
        reason:
          `${label} ${mine.toFixed(1)} per 1,000 page views over ${views} page views, stable ${theirs.toFixed(1)} ` +
          `(threshold: ≥ ${policy.ratio}× stable and > ${policy.floorPer1000})`,
      };
    }
  }
  return { abort: false, waiting: false, reason: `within the threshold over ${views} page views` };
}

/** remotes.json without the canary of `name` (and without `canary` once empty). */
export function withoutCanary(remotes, name) {
  const { canary = {}, ...rest } = remotes;
  const { [name]: _gone, ...others } = canary;
  return Object.keys(others).length ? { ...rest, canary: others } : rest;
}

/** remotes.json with `release` as the canary of `name`. */
export function withCanary(remotes, name, release) {
  return { ...remotes, canary: { ...(remotes.canary ?? {}), [name]: release } };
}

/**
 * The abort of a running canary as an environment update (env-store `update`): the canary leaves
 * remotes.json, history.json gets `{ action: 'abort', from: <canary version>, to: <stable version>, reason, auto }`.
 * @throws Error when no canary of `name` runs
 */
export function abortChange(name, { by, reason = null, auto = false, expectVersion = null }) {
  return (remotes) => {
    const running = remotes.canary?.[name];
    if (!running || (expectVersion && running.version !== expectVersion)) throw new Error(`no canary of ${name} is running`);
    return {
      remotes: withoutCanary(remotes, name),
      entry: {
        at: new Date().toISOString(),
        action: 'abort',
        remote: name,
        from: running.version,
        to: versionOf(remotes[name]),
        url: remotes[name],
        reason,
        auto,
        by,
      },
    };
  };
}

/** Version folder of a manifest URL, or null. */
export function versionOf(url) {
  return /\/(\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?)\/mf-manifest\.json(?:[?#].*)?$/.exec(url ?? '')?.[1] ?? null;
}

/**
 * Where an environment's figures are (docs/OPERATIONS.md): the API of environment.json
 * `telemetry.api` (or LANDING_OPS_API), the environment name the browsers report (config.json
 * `environment`, else the folder's name) and the credential: LANDING_OPS_TOKEN, else the file
 * `.ops-token` of the environment's folder (npm start writes one for its `local` environment).
 * @returns {{ api: string, environment: string, token: string } | null} null when the API or the credential is unknown
 */
export function telemetryLink(dir, settings, env) {
  const api = process.env.LANDING_OPS_API || settings?.telemetry?.api;
  const tokenFile = join(dir, '.ops-token');
  const token = process.env.LANDING_OPS_TOKEN || (existsSync(tokenFile) ? readFileSync(tokenFile, 'utf8').trim() : '');
  const environment = readJson(join(dir, 'config.json'), {})?.environment || env;
  return api && token ? { api: api.replace(/\/$/, ''), environment, token } : null;
}

/**
 * GET of the telemetry API with the operations credential.
 * @throws Error with the API's status and message when it answers anything but 200
 */
export async function telemetryGet(link, path) {
  const res = await fetch(`${link.api}${path}`, { headers: { authorization: `Bearer ${link.token}` }, signal: AbortSignal.timeout(5000) });
  if (!res.ok) throw new Error(`${link.api}${path.split('?')[0]} answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
  return res.json();
}

/** The guard's last look, written beside the environment's files (`deploy.mjs status` shows it). */
export function writeGuardBeat(dir, beat) {
  writeFileSync(join(dir, '.canary-guard.json'), `${JSON.stringify(beat)}\n`);
}

/** The guard's last look, or null. */
export function readGuardBeat(dir) {
  return readJson(join(dir, '.canary-guard.json'), null);
}
