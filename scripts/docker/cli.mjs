#!/usr/bin/env node
/**
 * The production composition (docker-compose.yml) on a Docker engine, from the repository
 * (docs/DOCKER.md). `npm run start:docker` and `npm run test:docker` run it through
 * scripts/bootstrap.mjs (Node 24, pnpm, the workspace installed).
 *
 *   node scripts/docker/cli.mjs up        engine (installed and started when missing), base images
 *                                         (stand-ins from Debian when Docker Hub cannot be reached),
 *                                         the project's images, `compose up`; prints the site's URL
 *   node scripts/docker/cli.mjs down      stops it (`--volumes` also deletes its database)
 *   node scripts/docker/cli.mjs test      the docker suite (e2e-docker/): its own composition at
 *                                         PORT_OFFSET 600 unless DOCKER_TEST_OFFSET says otherwise,
 *                                         brought up and removed again, then the rolling update on
 *                                         a single-node swarm
 *   node scripts/docker/cli.mjs images    only the base and project images
 *
 * Options: --standins (use the Debian stand-ins even where the public images could be pulled).
 * PORT_OFFSET moves every published port (`up`, `down`); the project is `football-landing`, or
 * `football-landing-<offset>` at another offset, so several can run side by side.
 * Exit code: 0 done, 1 failed (the message says why), 2 usage.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ensureEngine, stopEngine } from './engine.mjs';
import { baseImages } from './local-images.mjs';
import { buildProjectImages, environmentsAt, root, stackOf, up } from './stack.mjs';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    standins: { type: 'boolean', default: false },
    volumes: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h' },
  },
});
const command = positionals[0] ?? 'up';
if (values.help || !['up', 'down', 'test', 'images'].includes(command)) {
  console.log('usage: node scripts/docker/cli.mjs [up|down|test|images] [--standins] [--volumes]');
  process.exit(values.help ? 0 : 2);
}

const seconds = (t0) => `${((Date.now() - t0) / 1000).toFixed(0)} s`;
const offset = Number(process.env.PORT_OFFSET ?? 0);
const project = offset === 0 ? 'football-landing' : `football-landing-${offset}`;

try {
  const t0 = Date.now();
  const engine = await ensureEngine();
  if (command === 'down') {
    const stack = stackOf({ offset, project, images: {}, envsDir: environmentsAt(offset) });
    stack.run(['down', '--remove-orphans', ...(values.volumes ? ['--volumes'] : [])]);
    process.exit(0);
  }
  console.log(`› Docker engine ${engine.server}`);
  const images = await baseImages({ standins: values.standins ? 'always' : 'auto' });
  for (const [variable, image] of Object.entries(images)) console.log(`  ${variable}=${image} (stand-in)`);
  console.log(`› base images ready after ${seconds(t0)}`);
  if (command === 'test') {
    // The suite brings up and removes its own composition (scripts/docker/suite.mjs).
    const r = spawnSync(process.execPath, [join(root, 'scripts', 'docker', 'suite.mjs')], {
      stdio: 'inherit',
      env: { ...process.env, DOCKER_BASE_IMAGES: JSON.stringify(images) },
    });
    console.log(`› docker suite: ${seconds(t0)} in all`);
    // The suite leaves the machine as it found it: a dockerd it had to start is stopped again.
    if (engine.startedPid) await stopEngine(engine.startedPid);
    process.exit(r.status ?? 1);
  }
  buildProjectImages({ images });
  console.log(`› images ready after ${seconds(t0)}`);
  if (command === 'images') process.exit(0);
  const stack = stackOf({ offset, project, images, envsDir: environmentsAt(offset) });
  console.log(`› compose ${stack.compose.version}: project ${project}`);
  await up(stack);
  const p = stack.ports;
  console.log(`
✓ up in ${seconds(t0)}: http://localhost:${p.SHELL_PORT}/royal
  API        http://localhost:${p.API_PORT}/royal/servers   (two replicas behind nginx)
  mails      http://localhost:${p.MAIL_UI_PORT}
  remotes    http://localhost:${p.AUTH_PORT} … ${p.LEADERBOARD_PORT}
  stop:      npm run start:docker -- down${offset ? ` (with PORT_OFFSET=${offset})` : ''}`);
} catch (e) {
  console.error(`✖ ${/** @type {Error} */ (e).message}`);
  process.exit(1);
}
