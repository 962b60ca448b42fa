/**
 * A rolling update of the page servers with no error (docs/DOCKER.md "Rolling update"): the
 * composition as a stack on a single-node swarm (scripts/docker/swarm.mjs generates the stack
 * file from docker-compose.yml), then `docker stack deploy` again with a new shell image while
 * autocannon reads anonymous pages through the edge and pages past it. Swarm replaces the two
 * replicas one at a time, each new one healthy before the old one stops.
 *
 * The swarm is made for the test when the engine is in none (`docker swarm init` on 127.0.0.1)
 * and left afterwards; the stack and its volumes are removed.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { environmentsAt, root, stackOf, waitFor } from '../../scripts/docker/stack.mjs';
import { stackFileOf } from '../../scripts/docker/swarm.mjs';
import { docker, load, report, stack as described } from '../lib.mjs';

const name = described.project;
const edge = `http://127.0.0.1:${3000 + described.offset}`;
const file = join(root, '.data', 'docker', `${name}.yml`);
let madeSwarm = false;

/** Writes the stack file for a shell image tag and deploys it. */
function deploy(shellTag) {
  const stack = stackOf({
    offset: described.offset,
    project: name,
    images: described.images,
    envsDir: environmentsAt(described.offset, { fresh: false }),
    tag: 'test',
  });
  stack.env.SHELL_IMAGE = `football-landing/shell:${shellTag}`;
  mkdirSync(join(root, '.data', 'docker'), { recursive: true });
  writeFileSync(file, stackFileOf(stack, join(root, 'docker-compose.yml')));
  docker(['stack', 'deploy', '--prune', '--resolve-image', 'never', '-c', file, name]);
}

/** Images of the running tasks of a service. */
const runningImages = (service) =>
  docker(['service', 'ps', '--filter', 'desired-state=running', '--format', '{{.Image}} {{.CurrentState}}', `${name}_${service}`])
    .split('\n')
    .filter((l) => l.includes('Running'))
    .map((l) => l.split(' ')[0]);

before(async () => {
  if (docker(['info', '--format', '{{.Swarm.LocalNodeState}}']) !== 'active') {
    docker(['swarm', 'init', '--advertise-addr', '127.0.0.1']);
    madeSwarm = true;
  }
  environmentsAt(described.offset, { fresh: true });
  // The new release: the shell image under a new tag with a label of its own (a new image id).
  docker([
    'build',
    '--quiet',
    '--label',
    `landing.release=${Date.now()}`,
    '--tag',
    'football-landing/shell:test-next',
    join(root, 'e2e-docker', 'swarm', 'next-release'),
  ]);
  deploy('test');
  try {
    await waitFor(`http://127.0.0.1:${4000 + described.offset}/health`, 300_000);
    await waitFor(`${edge}/royal`, 300_000);
  } catch (e) {
    // What the services did, for the failure's message.
    console.log(docker(['stack', 'ps', '--no-trunc', '--format', '{{.Name}} {{.CurrentState}} {{.Error}}', name]));
    for (const service of ['api', 'postgres']) {
      const r = spawnSync('docker', ['service', 'logs', '--tail', '15', `${name}_${service}`], { encoding: 'utf8' });
      console.log(`--- ${service}\n${r.stdout}${r.stderr}`);
    }
    throw e;
  }
  // Both replicas healthy before the update starts.
  const until = Date.now() + 120_000;
  while (runningImages('shell').length < 2 && Date.now() < until) await sleep(1000);
});

after(async () => {
  try {
    // The volumes its containers used (named, and the API image's anonymous /data), removed once
    // the containers are gone.
    const containers = docker(['ps', '-aq', '--filter', `label=com.docker.stack.namespace=${name}`])
      .split('\n')
      .filter(Boolean);
    const volumes = new Set(
      containers.flatMap((c) =>
        docker(['inspect', '--format', '{{range .Mounts}}{{if .Name}}{{.Name}} {{end}}{{end}}', c]).split(' ').filter(Boolean),
      ),
    );
    docker(['stack', 'rm', name]);
    const until = Date.now() + 60_000;
    while (docker(['ps', '-aq', '--filter', `label=com.docker.stack.namespace=${name}`]) && Date.now() < until) await sleep(1000);
    await sleep(2000);
    for (const volume of volumes) docker(['volume', 'rm', '-f', volume]);
  } finally {
    if (madeSwarm) {
      docker(['swarm', 'leave', '--force']);
      // `swarm init` made the gateway bridge of swarm networks; it outlives the swarm.
      await sleep(1000);
      try {
        docker(['network', 'rm', 'docker_gwbridge']);
      } catch {
        // still in use by something else: left as it is
      }
    }
  }
});

test('the page servers are replaced one at a time under load, with no error', async () => {
  const before = runningImages('shell');
  assert.deepEqual(before, ['football-landing/shell:test', 'football-landing/shell:test']);
  const pages = ['/royal', '/royal/news', '/royal/bets'];
  const edgeLoad = load({ base: edge, paths: pages, seconds: 150, connections: 12 });
  const pastEdge = load({ base: edge, paths: pages, seconds: 150, connections: 4, bustQuery: true });
  await sleep(3000);
  const t0 = Date.now();
  deploy('test-next');
  let state = '';
  while (Date.now() - t0 < 140_000) {
    state = docker(['service', 'inspect', '--format', '{{if .UpdateStatus}}{{.UpdateStatus.State}}{{end}}', `${name}_shell`]);
    if (state === 'completed' || state.startsWith('rollback')) break;
    await sleep(1000);
  }
  const updateMs = Date.now() - t0;
  await sleep(3000);
  edgeLoad.stop();
  pastEdge.stop();
  const [edgeFigures, pastFigures] = [await edgeLoad.done, await pastEdge.done];
  report('rolling update | anonymous pages through the edge', edgeFigures);
  report('rolling update | pages past the edge (page servers)', pastFigures);
  console.log(`  rolling update: ${updateMs} ms from stack deploy to "${state}"`);
  assert.equal(state, 'completed');
  assert.deepEqual(runningImages('shell'), ['football-landing/shell:test-next', 'football-landing/shell:test-next']);
  assert.equal(edgeFigures.errors, 0, 'anonymous readers through the edge see no error');
  assert.equal(pastFigures.errors, 0, 'readers past the edge see no error');
  assert.ok(pastFigures.requests > 100, 'the page servers were under load all along');
});
