/**
 * docker-compose.yml as a swarm stack (docs/DOCKER.md "Rolling update"): one source, the stack
 * file is generated from it. `docker stack deploy` reads compose files of format 3 without
 * `build`, `restart` or `depends_on` conditions, and a single node without IPVS has no routing
 * mesh, so the generated file:
 * - takes compose's own rendering (`config`: variables filled in, paths absolute);
 * - drops `build`, `restart` (swarm's `deploy.restart_policy` instead) and `depends_on`
 *   (swarm starts services in no order; the balancers look the replicas up at each request);
 * - gives every service `endpoint_mode: dnsrr` (no virtual IP) and publishes ports in host mode;
 * - updates the page servers and the APIs one replica at a time, the new one started and healthy
 *   before the old one stops (`order: start-first`), 5 s apart so the balancers' DNS (valid=1s)
 *   has caught up, rolled back on failure.
 */
import { spawnSync } from 'node:child_process';
import { parse, stringify } from 'yaml';

/** Update policy of the replicated services. */
const UPDATE_CONFIG = { parallelism: 1, delay: '5s', order: 'start-first', failure_action: 'rollback', monitor: '10s' };

/**
 * `host:published:target` (or `published:target`) → the long form in host mode.
 * @param {string | { target: number, published: number }} port
 */
function hostModePort(port) {
  if (typeof port !== 'string') return { target: Number(port.target), published: Number(port.published), protocol: 'tcp', mode: 'host' };
  // compose's config writes `127.0.0.1:3650:80/tcp` (1.29) or `3650:80`.
  const [published, target] = port
    .replace(/\/tcp$/, '')
    .split(':')
    .slice(-2)
    .map(Number);
  return { target, published, protocol: 'tcp', mode: 'host' };
}

/**
 * The stack file of a composition, as YAML text.
 * @param {{ compose: { cmd: string, args: string[] }, env: NodeJS.ProcessEnv, project: string }} stack
 *   stack.mjs stackOf()'s result (its variables give the images, ports and environment folder)
 * @param {string} composeFile path of docker-compose.yml
 * @returns {string}
 */
export function stackFileOf(stack, composeFile) {
  const r = spawnSync(stack.compose.cmd, [...stack.compose.args, '-p', stack.project, '-f', composeFile, 'config'], {
    encoding: 'utf8',
    env: stack.env,
  });
  if (r.status !== 0) throw new Error(`compose config: ${r.stderr}`);
  const config = parse(r.stdout);
  const services = {};
  for (const [name, svc] of Object.entries(config.services)) {
    const rest = { ...svc };
    for (const key of ['build', 'restart', 'depends_on', 'container_name']) delete rest[key];
    const deploy = { ...(rest.deploy ?? {}), endpoint_mode: 'dnsrr', restart_policy: { condition: 'any', delay: '2s' } };
    if ((deploy.replicas ?? 1) > 1) deploy.update_config = UPDATE_CONFIG;
    services[name] = {
      ...rest,
      deploy,
      ...(rest.ports ? { ports: rest.ports.map(hostModePort) } : {}),
    };
  }
  return stringify({ version: '3.8', services, ...(config.volumes ? { volumes: config.volumes } : {}) });
}
