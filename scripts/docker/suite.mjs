#!/usr/bin/env node
/**
 * The docker suite (`npm run test:docker`, run by scripts/docker/cli.mjs after the base images;
 * docs/DOCKER.md "The docker suite"):
 * 1. the front end (`pnpm run build`, skipped with DOCKER_TEST_REUSE_BUILD=1 when it is there:
 *    CI built it in `npm test` just before) and the project's images, tag `test`;
 * 2. docker-compose.yml as project `football-landing-test` at PORT_OFFSET DOCKER_TEST_OFFSET
 *    (600), with a fresh copy of the docker environment: e2e-docker/{smoke,edge-cache,replicas,
 *    faults}.test.mjs in that order (smoke, edge cache, both replicas, faults under load), then the
 *    composition and its volumes are removed;
 * 3. the rolling update on a single-node swarm (e2e-docker/swarm/), at that offset + 50.
 * Prints each step's time. Exit code: 1 when a step or a test failed.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { composeCommand } from './engine.mjs';
import { buildProjectImages, environmentsAt, root, stackOf, up } from './stack.mjs';

const images = JSON.parse(process.env.DOCKER_BASE_IMAGES ?? '{}');
const offset = Number(process.env.DOCKER_TEST_OFFSET ?? 600);
const project = 'football-landing-test';
const times = [];
let failed = false;

/** Runs `fn`, noting how long it took under `label`. */
async function step(label, fn) {
  const t0 = Date.now();
  try {
    return await fn();
  } finally {
    times.push([label, (Date.now() - t0) / 1000]);
  }
}

/**
 * `node --test` on each of `files` in turn (the runner would sort them by name), with the
 * composition described to them; false when a test failed.
 */
function nodeTest(files, description) {
  let ok = true;
  for (const file of files) {
    const r = spawnSync(process.execPath, ['--test', '--test-timeout=600000', file], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, DOCKER_TEST_STACK: JSON.stringify(description) },
    });
    ok &&= r.status === 0;
  }
  return ok;
}

const testFiles = (dir) =>
  // In this order: the faults come last, they restart containers and redeploy a remote.
  ['smoke', 'edge-cache', 'replicas', 'faults'].map((name) => join(dir, `${name}.test.mjs`)).filter((f) => existsSync(f));

try {
  await step('front end and images', () =>
    buildProjectImages({ images, tag: 'test', frontEnd: process.env.DOCKER_TEST_REUSE_BUILD === '1' ? 'if-missing' : 'always' }),
  );
  const envsDir = environmentsAt(offset, { fresh: true });
  const stack = stackOf({ offset, project, images, envsDir, tag: 'test' });
  const description = {
    project,
    offset,
    ports: stack.ports,
    envsDir,
    compose: { cmd: stack.compose.cmd, args: stack.compose.args },
  };
  try {
    stack.run(['down', '--volumes', '--remove-orphans'], { stdio: 'ignore' });
  } catch {
    // nothing left from an earlier run
  }
  try {
    await step(`compose up (compose ${composeCommand().version})`, () => up(stack));
    const ok = await step('smoke, edge cache, replicas, faults', () => nodeTest(testFiles(join(root, 'e2e-docker')), description));
    failed ||= !ok;
  } finally {
    await step('compose down', () => stack.run(['down', '--volumes', '--remove-orphans']));
  }
  const swarm = join(root, 'e2e-docker', 'swarm', 'rolling-update.test.mjs');
  if (existsSync(swarm)) {
    const ok = await step('rolling update (swarm)', () =>
      nodeTest([swarm], { ...description, project: 'football-landing-swarm', offset: offset + 50, images }),
    );
    failed ||= !ok;
  }
} catch (e) {
  console.error(`✖ ${/** @type {Error} */ (e).message}`);
  failed = true;
}

console.log('\ndocker suite, by step:');
for (const [label, s] of times) console.log(`  ${label.padEnd(40)} ${s.toFixed(0).padStart(5)} s`);
const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
console.log(`  (load average at the end: ${load})`);
process.exit(failed ? 1 : 0);
