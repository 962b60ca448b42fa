/**
 * The canary guard of one environment (docs/OPERATIONS.md "Automatic rollback"): every
 * `intervalS` seconds it reads the environment's remotes.json, asks the telemetry API for each
 * running canary's figures since it started (`GET /telemetry/figures`), and aborts a canary that
 * crosses the policy's threshold (./canary.mjs `judgeCanary`) without a person: the abort goes to
 * remotes.json and history.json under the environment's lock, is logged, and reaches the
 * operations view with the other release steps (`POST /telemetry/releases`, sent every look).
 * Run by scripts/canary-guard.mjs, by `npm start` for its local environment, and by compose.
 */
import { environment } from './env-store.mjs';
import { abortChange, canaryPolicy, judgeCanary, telemetryGet, telemetryLink, versionOf, writeGuardBeat } from './canary.mjs';

/**
 * One look at the environment (see the module comment).
 * @param {{ envsDir: string, env: string, log?: (line: string) => void }} o
 * @returns {Promise<Array<{ remote: string, version: string, verdict: ReturnType<typeof judgeCanary> }>>} the canaries judged
 * @throws Error when the environment has no telemetry link (API or credential)
 */
export async function guardOnce({ envsDir, env, log = console.log }) {
  const store = environment(envsDir, env);
  const settings = store.settings();
  const link = telemetryLink(store.files.dir, settings, env);
  if (!link) throw new Error(`${env}: no telemetry API or credential (environment.json telemetry.api, LANDING_OPS_TOKEN or .ops-token)`);
  const policy = canaryPolicy(settings);
  const remotes = store.remotes();
  const judged = [];
  for (const [remote, canary] of Object.entries(remotes.canary ?? {})) {
    const stableVersion = versionOf(remotes[remote]);
    const figures = await telemetryGet(
      link,
      `/telemetry/figures?environment=${encodeURIComponent(link.environment)}&remote=${remote}&since=${encodeURIComponent(canary.startedAt)}`,
    );
    const of = (v) => figures.versions.find((x) => x.version === v);
    const verdict = judgeCanary(of(canary.version), of(stableVersion), policy);
    judged.push({ remote, version: canary.version, verdict });
    if (!verdict.abort) continue;
    try {
      await store.update(abortChange(remote, { by: 'canary-guard', reason: verdict.reason, auto: true, expectVersion: canary.version }));
      const first = of(canary.version)?.firstFailureAt;
      log(
        `✖ ${env}: canary ${remote}@${canary.version} aborted automatically: ${verdict.reason}` +
          (first ? ` (first failure ${first}, ${((Date.now() - Date.parse(first)) / 1000).toFixed(1)} s ago)` : ''),
      );
    } catch (e) {
      log(`! ${env}: abort of ${remote}@${canary.version} not needed any more: ${e.message}`);
    }
  }
  await sendReleases(link, store.history());
  writeGuardBeat(store.files.dir, { pid: process.pid, checkedAt: new Date().toISOString(), canaries: judged.length });
  return judged;
}

/** The last 200 release steps of the history, as the API stores them (each once). */
async function sendReleases(link, history) {
  const entries = history.slice(-200).map((e) => ({
    at: e.at,
    action: e.action,
    remote: e.remote,
    from: e.from ?? null,
    to: e.to,
    percent: e.percent ?? null,
    by: String(e.by ?? '').slice(0, 80),
    reason: e.reason ?? null,
    auto: Boolean(e.auto),
  }));
  if (!entries.length) return;
  const res = await fetch(`${link.api}/telemetry/releases`, {
    method: 'POST',
    headers: { authorization: `Bearer ${link.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ environment: link.environment, entries }),
    signal: AbortSignal.timeout(5000),
  });
  if (!res.ok) throw new Error(`${link.api}/telemetry/releases answered ${res.status}`);
}

/**
 * Looks at the environment every `intervalS` seconds of its policy until stopped; a failed look
 * is logged and the next one tries again.
 * @returns {() => void} stops the guard
 */
export function startCanaryGuard({ envsDir, env, log = console.log, intervalS }) {
  let stopped = false;
  let timer;
  const tick = async () => {
    try {
      await guardOnce({ envsDir, env, log });
    } catch (e) {
      log(`! canary guard of ${env}: ${e.message}`);
    }
    if (stopped) return;
    const every = intervalS ?? canaryPolicy(environment(envsDir, env).settings()).intervalS;
    timer = setTimeout(() => void tick(), every * 1000);
  };
  void tick();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
