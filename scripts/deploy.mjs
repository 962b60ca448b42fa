#!/usr/bin/env node
/**
 * Independent delivery of one remote (docs/ARCHITECTURE.md "Deploying
 * one remote alone").
 *
 *   node scripts/deploy.mjs build    <remote> [--version 1.1.0] [--out DIR] [--no-check]
 *       Contract check (scripts/check-contracts.mjs) then a production build of that remote only,
 *       into <out>/<version>/ (default <remote>/dist/<version>/, version from its package.json).
 *   node scripts/deploy.mjs publish  <remote> [--version V] [--from DIR] [--static-root DIR]
 *       Copies <from>/<version>/ (default <remote>/dist) to <static-root>/<remote>/<version>/
 *       (default .data/static). Version folders are immutable: publishing the same build again is
 *       a no-op, a different build under an existing version is refused. The manifest must name
 *       the remote and version, and its shared singletons must have the shell's majors.
 *   node scripts/deploy.mjs use      <env> <remote> <version> [--no-verify]
 *       Points the environment's remotes.json at that version (it must be published unless
 *       --no-verify) and appends the change to the environment's history.json. The SHA-256 of
 *       every file of the published server build goes to remotes.json `integrity.<remote>`: the
 *       page server runs no other server code for it (shell/src/server/federation/remote-trust.ts). With
 *       --no-verify nothing is read, and the remote is left unpinned.
 *   node scripts/deploy.mjs rollback <env> <remote> [--to V]
 *       Points the remote back to the version it had before the current one was deployed (or V).
 *   node scripts/deploy.mjs canary   <env> <remote> <version> [--percent 10] [--no-verify]
 *       Gives that version (published, pinned like `use`) to PERCENT % of visitors, each kept in
 *       or out by a bucket cookie (shell/src/server/environment/canary.ts); the stable version stays for the
 *       others. The canary guard aborts it on its own when its failure rates cross the policy
 *       (docs/OPERATIONS.md); one canary per remote at a time.
 *   node scripts/deploy.mjs promote  <env> <remote>      the running canary becomes the version of every visitor
 *   node scripts/deploy.mjs abort    <env> <remote> [--reason TEXT]   every visitor back on the stable version
 *   node scripts/deploy.mjs status   <env> [--json] [--no-figures]
 *       Versions an environment composes, the running canaries, and beside each version its
 *       figures of the last 15 minutes from the telemetry API (environment.json telemetry.api,
 *       credential LANDING_OPS_TOKEN or the environment's .ops-token file).
 *   node scripts/deploy.mjs history  <env> [remote]       its changes, oldest first
 *   node scripts/deploy.mjs envs                          the environments
 *
 * <remote> is a folder (mf-news) or MF name (mf_news); <env> a folder of the environments
 * directory (deploy/environments: production, staging, docker). Common options / environment:
 *   --envs-dir DIR     (DEPLOY_ENVS_DIR)    environments directory
 *   --static-root DIR  (DEPLOY_STATIC_ROOT) root of published remotes
 *   --by NAME          (DEPLOY_BY)          who deploys (history), default: the OS user
 * Two deploys at the same time are safe: each update of an environment runs under its lock file
 * with atomic renames (scripts/lib/env-store.mjs; tested by tests/deploy.test.ts).
 * `use` and `rollback` end a running canary of the remote they change.
 * Exit codes: 0 done, 1 refused or failed, 2 usage error.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { UsageError, abs, byOf, checkVersion, envsDirOf, parseArgs, staticRootOf, treeHash, versionOfUrl } from './lib/deploy-args.mjs';
import { environment, listEnvironments, manifestUrlFor, readJson } from './lib/env-store.mjs';
import { packageVersion, remoteUrls, repoRoot, resolveRemote, serverIntegrity, withPins } from './lib/remotes.mjs';
import { abortChange, readGuardBeat, telemetryGet, telemetryLink, withCanary, withoutCanary } from './lib/canary.mjs';

/** Folder of published versions of a remote in an environment (for the "is it published" check). */
function publishedDir(settings, options, remote, version) {
  if (options['static-root'] || process.env.DEPLOY_STATIC_ROOT || !settings.staticRoot)
    return join(staticRootOf(options), remote.folder, version);
  return join(abs(join(repoRoot, settings.staticRoot.replaceAll('{remote}', remote.folder))), version);
}

function build([id], options) {
  if (!id) throw new UsageError('build needs <remote>');
  const remote = resolveRemote(id);
  const version = options.version ? checkVersion(options.version) : packageVersion(remote.dir);
  if (!options['no-check']) {
    console.log(`› contract check of ${remote.name}`);
    const r = spawnSync(process.execPath, [join(repoRoot, 'scripts', 'check-contracts.mjs'), remote.folder], { stdio: 'inherit' });
    if (r.status !== 0) throw new Error(`contract check of ${remote.name} failed: fix the remote or bump the contract (nothing built)`);
  }
  const cli = join(remote.dir, 'node_modules', '@rspack', 'cli', 'bin', 'rspack.js');
  if (!existsSync(cli)) throw new Error(`${cli} is missing: install the workspace first (pnpm install)`);
  const env = { ...process.env, NODE_ENV: 'production', MF_REMOTE_VERSION: version };
  if (options.out) env.MF_REMOTE_OUT_DIR = abs(options.out);
  console.log(`› building ${remote.folder}@${version}`);
  const r = spawnSync(process.execPath, [cli, 'build', '--config', 'rspack.config.mjs'], { cwd: remote.dir, env, stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`build of ${remote.folder} failed (exit ${r.status})`);
  const out = join(env.MF_REMOTE_OUT_DIR ?? join(remote.dir, 'dist'), version);
  console.log(`✓ built ${remote.folder}@${version} → ${out}`);
}

async function publish([id], options) {
  if (!id) throw new UsageError('publish needs <remote>');
  const remote = resolveRemote(id);
  const version = options.version ? checkVersion(options.version) : packageVersion(remote.dir);
  const src = join(abs(options.from ?? join(remote.dir, 'dist')), version);
  const manifestFile = join(src, 'mf-manifest.json');
  if (!existsSync(manifestFile))
    throw new Error(`${manifestFile} is missing: build first (node scripts/deploy.mjs build ${remote.folder} --version ${version})`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  if (manifest.name !== remote.name) throw new Error(`${manifestFile} is the manifest of "${manifest.name}", not ${remote.name}`);
  const built = manifest.metaData?.buildInfo?.buildVersion;
  if (built !== version) throw new Error(`${manifestFile} was built as version ${built}, not ${version}`);
  // Loaded here only: it reads the shell's build config (rspack), which other commands do not need.
  const { sharedPolicyProblems, shellSharedVersions } = await import('./lib/shared-policy.mjs');
  const problems = sharedPolicyProblems(manifest, shellSharedVersions());
  if (problems.length) throw new Error(`shared-dependency policy violated, not published:\n  ${problems.join('\n  ')}`);

  const root = staticRootOf(options);
  const dest = join(root, remote.folder, version);
  if (existsSync(dest)) {
    if (treeHash(dest) === treeHash(src)) {
      console.log(`✓ ${remote.folder}@${version} is already published (identical) at ${dest}`);
      return;
    }
    throw new Error(
      `${remote.folder}@${version} is already published with other content at ${dest}: versions are immutable, publish a new version`,
    );
  }
  mkdirSync(join(root, remote.folder), { recursive: true });
  const tmp = join(root, remote.folder, `.${version}.${process.pid}.tmp`);
  rmSync(tmp, { recursive: true, force: true });
  cpSync(src, tmp, { recursive: true });
  try {
    renameSync(tmp, dest);
  } catch (e) {
    rmSync(tmp, { recursive: true, force: true });
    if (existsSync(dest) && treeHash(dest) === treeHash(src)) {
      console.log(`✓ ${remote.folder}@${version} was published at the same moment by someone else (identical)`);
      return;
    }
    throw e;
  }
  console.log(`✓ published ${remote.folder}@${version} → ${dest}`);
}

async function use([env, id, version], options) {
  if (!env || !id || !version) throw new UsageError('use needs <env> <remote> <version>');
  checkVersion(version);
  const remote = resolveRemote(id);
  const store = environment(envsDirOf(options, env), env);
  const settings = store.settings();
  const url = manifestUrlFor(settings, remote, version);
  if (!options['no-verify']) {
    const dir = publishedDir(settings, options, remote, version);
    if (!existsSync(join(dir, 'mf-manifest.json'))) {
      throw new Error(
        `${remote.folder}@${version} is not published (${join(dir, 'mf-manifest.json')} missing): publish it first, or pass --no-verify`,
      );
    }
  }
  const pins = options['no-verify'] ? null : serverIntegrity(publishedDir(settings, options, remote, version));
  let unchanged = false;
  const { entry } = await store.update((remotes) => {
    const from = versionOfUrl(remotes[remote.name]);
    if (remotes[remote.name] === url) unchanged = true;
    return {
      remotes: withPins(withoutCanary({ ...remotes, [remote.name]: url }, remote.name), remote.name, pins),
      entry: { at: new Date().toISOString(), action: 'use', remote: remote.name, from, to: version, url, by: byOf(options) },
    };
  });
  console.log(
    unchanged
      ? `✓ ${env} already used ${remote.name}@${version} (recorded again)`
      : `✓ ${env}: ${remote.name} ${entry.from ?? '(none)'} → ${version}`,
  );
  console.log(pinNote(remote, pins));
}

/** What the page server checks of the remote's server code after a deploy (see `use`). */
function pinNote(remote, pins) {
  return pins
    ? `  server code pinned: ${Object.keys(pins).length} file(s) by SHA-256 in remotes.json integrity`
    : `  ! ${remote.name} is not pinned (no published server build read): the page server runs its server code unchecked`;
}

/**
 * Version to roll back to: the one the remote had before its current version was deployed
 * (the newest `use` or `promote` that set the current version), so repeated rollbacks walk back in time.
 */
function previousVersion(history, remoteName, current) {
  for (let i = history.length - 1; i >= 0; i--) {
    const e = history[i];
    if (e.remote === remoteName && (e.action === 'use' || e.action === 'promote') && e.to === current && e.from && e.from !== current)
      return e.from;
  }
  return null;
}

async function rollback([env, id], options) {
  if (!env || !id) throw new UsageError('rollback needs <env> <remote>');
  const remote = resolveRemote(id);
  const store = environment(envsDirOf(options, env), env);
  const settings = store.settings();
  let pins = null;
  const { entry } = await store.update((remotes, history) => {
    const current = versionOfUrl(remotes[remote.name]);
    if (!current) throw new Error(`${env} does not use ${remote.name}: nothing to roll back`);
    const target = options.to ? checkVersion(options.to) : previousVersion(history, remote.name, current);
    if (!target) throw new Error(`${env}: no version of ${remote.name} before ${current} in history.json (use --to <version>)`);
    if (!options['no-verify'] && !existsSync(join(publishedDir(settings, options, remote, target), 'mf-manifest.json'))) {
      throw new Error(`${remote.folder}@${target} is not published any more: cannot roll back to it`);
    }
    if (!options['no-verify']) pins = serverIntegrity(publishedDir(settings, options, remote, target));
    const url = manifestUrlFor(settings, remote, target);
    return {
      remotes: withPins(withoutCanary({ ...remotes, [remote.name]: url }, remote.name), remote.name, pins),
      entry: { at: new Date().toISOString(), action: 'rollback', remote: remote.name, from: current, to: target, url, by: byOf(options) },
    };
  });
  console.log(`✓ ${env}: ${remote.name} rolled back ${entry.from} → ${entry.to}`);
  console.log(pinNote(remote, pins));
}

async function canary([env, id, version], options) {
  if (!env || !id || !version) throw new UsageError('canary needs <env> <remote> <version> [--percent N]');
  checkVersion(version);
  const percent = Number(options.percent ?? 10);
  if (!Number.isInteger(percent) || percent < 1 || percent > 99)
    throw new UsageError(`--percent must be a whole number 1–99, got "${options.percent}"`);
  const remote = resolveRemote(id);
  const store = environment(envsDirOf(options, env), env);
  const settings = store.settings();
  const url = manifestUrlFor(settings, remote, version);
  if (!options['no-verify'] && !existsSync(join(publishedDir(settings, options, remote, version), 'mf-manifest.json')))
    throw new Error(`${remote.folder}@${version} is not published: publish it first, or pass --no-verify`);
  const pins = options['no-verify'] ? null : serverIntegrity(publishedDir(settings, options, remote, version));
  await store.update((remotes) => {
    const stable = versionOfUrl(remotes[remote.name]);
    if (!stable) throw new Error(`${env} does not use ${remote.name}: deploy a stable version first (use)`);
    if (stable === version) throw new Error(`${env} already uses ${remote.name}@${version} for every visitor`);
    const running = remotes.canary?.[remote.name];
    if (running)
      throw new Error(`a canary of ${remote.name} (${running.version} at ${running.percent} %) is running: promote or abort it first`);
    const at = new Date().toISOString();
    return {
      remotes: withCanary(remotes, remote.name, { version, url, percent, startedAt: at, ...(pins ? { integrity: pins } : {}) }),
      entry: { at, action: 'canary', remote: remote.name, from: stable, to: version, url, percent, by: byOf(options) },
    };
  });
  console.log(`✓ ${env}: ${remote.name}@${version} is a canary for ${percent} % of visitors (the others keep the stable version)`);
  console.log(pinNote(remote, pins));
  const beat = readGuardBeat(store.files.dir);
  if (!beat || Date.now() - Date.parse(beat.checkedAt) > 60_000)
    console.log(`  ! no canary guard has looked at ${env} in the last minute: nothing aborts it on its own (scripts/canary-guard.mjs)`);
}

async function promote([env, id], options) {
  if (!env || !id) throw new UsageError('promote needs <env> <remote>');
  const remote = resolveRemote(id);
  const store = environment(envsDirOf(options, env), env);
  const { entry } = await store.update((remotes) => {
    const running = remotes.canary?.[remote.name];
    if (!running) throw new Error(`no canary of ${remote.name} is running in ${env}`);
    return {
      remotes: withPins(withoutCanary({ ...remotes, [remote.name]: running.url }, remote.name), remote.name, running.integrity ?? null),
      entry: {
        at: new Date().toISOString(),
        action: 'promote',
        remote: remote.name,
        from: versionOfUrl(remotes[remote.name]),
        to: running.version,
        url: running.url,
        by: byOf(options),
      },
    };
  });
  console.log(`✓ ${env}: ${remote.name} ${entry.from} → ${entry.to} for every visitor (canary promoted)`);
}

async function abort([env, id], options) {
  if (!env || !id) throw new UsageError('abort needs <env> <remote>');
  const remote = resolveRemote(id);
  const store = environment(envsDirOf(options, env), env);
  const { entry } = await store.update(abortChange(remote.name, { by: byOf(options), reason: options.reason ?? null }));
  console.log(`✓ ${env}: canary ${remote.name}@${entry.from} aborted; every visitor gets ${entry.to}`);
}

/** One version's figures of the last 15 minutes, for `status` (or why there are none). */
function figuresLine(view, name, version) {
  const v = view?.remotes.find((r) => r.remote === name)?.versions.find((x) => x.version === version);
  if (!v) return view ? 'no page views in 15 min' : '';
  const rate = (x) => (x === null ? '–' : x.toFixed(1));
  const ms = (x) => (x === null ? '–' : `${x} ms`);
  return (
    `${v.pageViews} views · per 1,000: errors ${rate(v.per1000.errors)}, load failures ${rate(v.per1000.loadFailures)}, ` +
    `fallbacks ${rate(v.per1000.fallbacks)} · p75 LCP ${ms(v.p75.LCP)}, INP ${ms(v.p75.INP)}, CLS ${v.p75.CLS ?? '–'}`
  );
}

async function status([env], options) {
  if (!env) throw new UsageError('status needs <env>');
  const store = environment(envsDirOf(options, env), env);
  const settings = store.settings();
  const file = store.remotes();
  const remotes = remoteUrls(file);
  const pinned = Object.keys(file.integrity ?? {});
  const canaries = file.canary ?? {};
  const link = options['no-figures'] ? null : telemetryLink(store.files.dir, settings, env);
  let view = null;
  let figuresProblem = link || options['no-figures'] ? null : 'no telemetry API or credential (docs/OPERATIONS.md)';
  if (link) {
    try {
      view = await telemetryGet(link, `/telemetry/view?environment=${encodeURIComponent(link.environment)}&window=15m`);
    } catch (e) {
      figuresProblem = e.message;
    }
  }
  if (options.json) {
    console.log(
      JSON.stringify({ environment: env, production: Boolean(settings.production), remotes, pinned, canaries, figures: view }, null, 2),
    );
    return;
  }
  console.log(`${env}${settings.production ? ' (production)' : ''}`);
  for (const [name, url] of Object.entries(remotes)) {
    const version = versionOfUrl(url) ?? '?';
    console.log(`  ${name.padEnd(16)} ${version.padEnd(10)} ${pinned.includes(name) ? 'pinned  ' : 'unpinned'} ${url}`);
    if (view) console.log(`  ${''.padEnd(16)} ${''.padEnd(10)} ${figuresLine(view, name, version)}`);
    const c = canaries[name];
    if (c) {
      console.log(
        `  ${''.padEnd(16)} ${c.version.padEnd(10)} canary ${c.percent} % since ${c.startedAt} ${c.integrity ? '(pinned)' : '(unpinned)'}`,
      );
      if (view) console.log(`  ${''.padEnd(16)} ${''.padEnd(10)} ${figuresLine(view, name, c.version)}`);
    }
  }
  if (figuresProblem) console.log(`  (figures: ${figuresProblem})`);
  const beat = readGuardBeat(store.files.dir);
  if (Object.keys(canaries).length)
    console.log(beat ? `  canary guard: last look ${beat.checkedAt}` : '  canary guard: none has looked at this environment');
}

function history([env, id], options) {
  if (!env) throw new UsageError('history needs <env>');
  const store = environment(envsDirOf(options, env), env);
  store.settings();
  const name = id ? resolveRemote(id).name : null;
  for (const e of store.history().filter((x) => !name || x.remote === name)) {
    const extra = [e.percent ? `${e.percent} %` : '', e.auto ? 'automatic' : '', e.reason ? `(${e.reason})` : ''].filter(Boolean).join(' ');
    console.log(
      `${e.at}  ${e.action.padEnd(8)} ${e.remote.padEnd(16)} ${(e.from ?? '-').padEnd(10)} → ${String(e.to ?? '-').padEnd(10)} by ${e.by}${extra ? ` ${extra}` : ''}`,
    );
  }
}

function envs(_, options) {
  const dir = envsDirOf(options);
  for (const env of listEnvironments(dir)) {
    const s = readJson(join(dir, env, 'environment.json'), {});
    console.log(
      `${env.padEnd(12)} ${s.production ? 'production' : 'non-production'}  ${typeof s.manifestUrl === 'string' ? s.manifestUrl : 'per-remote URLs'}`,
    );
  }
}

const commands = { build, publish, use, rollback, canary, promote, abort, status, history, envs };

async function main() {
  const [command, ...rest] = process.argv.slice(2);
  const { positionals, options } = parseArgs(rest);
  if (!command || options.help || !commands[command]) {
    const doc = readFileSync(new URL(import.meta.url), 'utf8').split('*/')[0];
    console.log(doc.replace(/^#!.*\n\/\*\*\n?/, '').replace(/^ \* ?/gm, ''));
    process.exit(command && !options.help ? 2 : 0);
  }
  await commands[command](positionals, options);
}

main().catch((e) => {
  console.error(`✖ ${e.message}`);
  process.exit(e instanceof UsageError ? 2 : 1);
});
