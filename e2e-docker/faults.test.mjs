/**
 * Faults under load (docs/DOCKER.md "Faults"): while autocannon reads anonymous pages through the
 * edge, pages the edge does not have (a new query each time, so the page servers answer) and the
 * API's read routes, one part fails: a page server container is killed, an API container is
 * killed, PostgreSQL restarts, a remote is redeployed with scripts/deploy.mjs. Each run lasts
 * LOAD_SECONDS, the fault comes FAULT_AT seconds in; the figures are printed (FIGURES lines).
 *
 * What holds: anonymous readers through the edge see 0 errors; the page servers' and the API's
 * readers lose at most the requests in flight on a killed container; the killed container comes
 * back (restart policy); registrations acknowledged before a fault are all there after it, each
 * with exactly one activation message (a mail the outbox sends again after its lease keeps its
 * Message-ID); the redeployed remote is on the next page rendered.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  SERVER,
  activationMail,
  call,
  containersOf,
  docker,
  edge,
  get,
  load,
  newPlayer,
  newestArticle,
  register,
  report,
  stack,
  until,
} from './lib.mjs';

const LOAD_SECONDS = 16;
/** The mail outbox's lease of a claimed job (api/src/domains/auth/outbox.ts). */
const OUTBOX_LEASE_MS = 60_000;
const FAULT_AT = 5;
const root = join(import.meta.dirname, '..');
let pages = /** @type {string[]} */ ([]);
const apiReads = [`/${SERVER}/servers`, `/${SERVER}/leaderboard?limit=20`, `/${SERVER}/stats`, `/${SERVER}/news?limit=5`];

before(async () => {
  pages = [`/${SERVER}`, `/${SERVER}/news`, `/${SERVER}/news/${await newestArticle()}`];
});

/**
 * The three loads at once, `fault` run FAULT_AT s in; their figures, printed.
 * @param {string} label
 * @param {() => Promise<void> | void} fault
 */
async function underLoad(label, fault) {
  const api = `http://127.0.0.1:${stack.ports.API_PORT}`;
  const runs = {
    edge: load({ base: edge, paths: pages, seconds: LOAD_SECONDS, connections: 16, headers: { cookie: 'i18n_redirected=de' } }),
    pageServers: load({ base: edge, paths: pages, seconds: LOAD_SECONDS, connections: 6, bustQuery: true }),
    api: load({ base: api, paths: apiReads, seconds: LOAD_SECONDS, connections: 8 }),
  };
  await sleep(FAULT_AT * 1000);
  const t0 = Date.now();
  await fault();
  const faultMs = Date.now() - t0;
  const figures = {
    edge: await runs.edge.done,
    pageServers: await runs.pageServers.done,
    api: await runs.api.done,
  };
  report(`${label} | anonymous pages through the edge`, figures.edge);
  report(`${label} | pages past the edge (page servers)`, figures.pageServers);
  report(`${label} | API read routes`, figures.api);
  console.log(`  ${label}: the fault took ${faultMs} ms`);
  return figures;
}

/** Registrations by `writers` players' browsers at once until `stop()`: the acknowledged ones (201). */
function registering(tag, writers = 3) {
  const acknowledged = [];
  const failed = [];
  let running = true;
  const writer = async () => {
    while (running) {
      const p = await register(tag).catch(() => null);
      if (p?.status === 201) acknowledged.push(p);
      else failed.push(p?.status ?? 0);
      await sleep(100);
    }
  };
  const done = Promise.all(Array.from({ length: writers }, writer));
  return {
    async stop() {
      running = false;
      await done;
      return { acknowledged, failed };
    },
  };
}

/**
 * Every acknowledged registration is there: its activation mail came and its token activates.
 * Each is one message: a mail the killed process had handed to the SMTP server before it could
 * delete the job is sent again after the lease with the same Message-ID (api/src/domains/auth/outbox.ts).
 * @returns {Promise<number>} how many registrations got a mail twice (as one message)
 */
async function assertAllThere(acknowledged) {
  let twice = 0;
  for (const p of acknowledged) {
    const { token, count, messageIds } = await activationMail(p.email, 30_000);
    const act = await call('POST', `/${SERVER}/auth/activate`, {
      body: { token, fingerprint: `fault-${p.nickname}` },
      ip: p.ip,
      xsrf: p.xsrf,
    });
    assert.equal(act.status, 200, `${p.nickname}: activates after the fault`);
    assert.equal(messageIds.length, 1, `${p.email}: one activation message (${count} mails: ${messageIds.join(' ')})`);
    assert.match(messageIds[0] ?? '', /^outbox-\d+\.\d+@/, `${p.email}: the outbox's Message-ID`);
    if (count > 1) twice++;
  }
  return twice;
}

/** Waits until `service` has two running, healthy containers again. */
async function twoHealthy(service) {
  await until(
    () => containersOf(service).filter((c) => docker(['inspect', '--format', '{{.State.Health.Status}}', c]) === 'healthy').length === 2,
    90_000,
    `${service}: two healthy replicas again`,
  );
}

/** Kills a container's main process as a crash would (the restart policy applies, as after an OOM kill). */
function crash(container) {
  const pid = docker(['inspect', '--format', '{{.State.Pid}}', container]);
  process.kill(Number(pid), 'SIGKILL');
}

test('a page server container is killed', async () => {
  const [victim] = containersOf('shell');
  const restarts = Number(docker(['inspect', '--format', '{{.RestartCount}}', victim]));
  const f = await underLoad('page server killed', () => crash(victim));
  assert.equal(f.edge.errors, 0, 'anonymous readers through the edge see no error');
  // At most the requests in flight on the killed page server (one per connection).
  assert.ok(f.pageServers.errors <= 6, `past the edge: ${f.pageServers.errors} errors`);
  await twoHealthy('shell');
  assert.ok(Number(docker(['inspect', '--format', '{{.RestartCount}}', victim])) > restarts, 'the killed replica was restarted');
});

test('an API container is killed while players register', async () => {
  const [victim] = containersOf('api');
  const writes = registering('kapi');
  let killedAt = 0;
  const f = await underLoad('API killed', () => {
    killedAt = Date.now();
    crash(victim);
  });
  const { acknowledged, failed } = await writes.stop();
  // A mail job the killed process had claimed runs again when its lease ends (60 s,
  // api/src/domains/auth/outbox.ts): past that, every mail has come, and none twice.
  await sleep(Math.max(0, killedAt + OUTBOX_LEASE_MS + 5000 - Date.now()));
  console.log(`  API killed: ${acknowledged.length} registrations acknowledged, ${failed.length} not (${failed.join(' ')})`);
  assert.equal(f.edge.errors, 0, 'anonymous readers through the edge see no error');
  assert.ok(f.api.errors <= 8, `API readers: ${f.api.errors} errors (at most those in flight)`);
  assert.ok(acknowledged.length >= 6, `registrations went on (${acknowledged.length})`);
  await twoHealthy('api');
  const twice = await assertAllThere(acknowledged);
  console.log(`  API killed: ${twice} activation mails sent again after the lease (the same message)`);
  // A worker sends its claimed jobs one by one and deletes each once sent: only the one the killed
  // process was sending can go out twice.
  assert.ok(twice <= 1, `${twice} mails sent twice`);
});

test('PostgreSQL restarts', async () => {
  const written = [];
  for (let i = 0; i < 5; i++) {
    const p = await register('kpg');
    assert.equal(p.status, 201);
    written.push(p);
  }
  const [postgres] = containersOf('postgres');
  const f = await underLoad('PostgreSQL restarted', () => {
    docker(['restart', '--time', '10', postgres]);
  });
  assert.equal(f.edge.errors, 0, 'anonymous readers through the edge see no error');
  console.log(`  PostgreSQL restarted: API readers ${f.api.errors} errors of ${f.api.requests}`);
  await until(async () => (await call('GET', '/health')).status === 200, 60_000, 'the API answers again');
  await assertAllThere(written);
});

test('a remote is redeployed with scripts/deploy.mjs into the docker environment', async () => {
  const remote = 'mf-news';
  const version = `1.0.1-docker.${Date.now().toString(36)}`;
  const deploy = (...args) => {
    const r = spawnSync(
      process.execPath,
      [join(root, 'scripts', 'deploy.mjs'), ...args, '--envs-dir', stack.envsDir, '--by', 'docker-suite'],
      {
        cwd: root,
        encoding: 'utf8',
      },
    );
    assert.equal(r.status, 0, `deploy.mjs ${args.join(' ')}: ${r.stderr}${r.stdout}`);
  };
  const out = join(root, remote, 'dist', version);
  // Afterwards the environment goes back to the version it had, then the build is deleted.
  after(() => {
    if (readFileSync(join(stack.envsDir, 'docker', 'remotes.json'), 'utf8').includes(version)) deploy('rollback', 'docker', remote);
    rmSync(out, { recursive: true, force: true });
  });
  // The team's build of a new version, served by the remote's nginx (its dist folder is mounted).
  const t0 = Date.now();
  deploy('build', remote, '--version', version, '--no-check');
  console.log(`  ${remote}@${version} built in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  assert.ok(existsSync(join(out, 'mf-manifest.json')));
  const player = await newPlayer('kremote');
  const f = await underLoad('remote redeployed', () => deploy('use', 'docker', remote, version));
  assert.equal(f.edge.errors, 0, 'anonymous readers through the edge see no error');
  assert.equal(f.pageServers.errors, 0, 'no reader past the edge sees an error');
  const remotes = JSON.parse(readFileSync(join(stack.envsDir, 'docker', 'remotes.json'), 'utf8'));
  assert.match(remotes.mf_news.url ?? remotes.mf_news, new RegExp(`/${version.replaceAll('.', '\\.')}/mf-manifest\\.json`));
  const uses = (html) => html.includes(`/${version}/mf-manifest.json`);
  // The next page rendered has it: a player's page (never from a cache), a page the edge does not have.
  assert.ok(
    uses((await get(`${edge}/${SERVER}/news`, { cookie: player.cookie, 'accept-encoding': 'gzip' })).text),
    "the player's next page",
  );
  assert.ok(
    uses((await get(`${edge}/${SERVER}/news?after-deploy=${version}`, { 'accept-encoding': 'gzip' })).text),
    'the next anonymous page rendered',
  );
  // An anonymous page the edge keeps is refreshed within its life (s-maxage=5, then one stale answer).
  const t1 = Date.now();
  await until(
    async () => uses((await get(`${edge}/${SERVER}/news`, { 'accept-encoding': 'gzip' })).text),
    15_000,
    'the edge copy shows the new version',
  );
  console.log(`  the edge's copy of /${SERVER}/news showed ${version} ${Date.now() - t1} ms after the load ended`);
  // The remote's files of that version are served by its nginx.
  const manifest = await fetch(`http://127.0.0.1:${stack.ports.NEWS_PORT}/${version}/mf-manifest.json`);
  assert.equal(manifest.status, 200);
});
