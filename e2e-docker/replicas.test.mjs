/**
 * Both page servers and both APIs serve: the balancers' `/health` answers name the replica that
 * answered (`X-Upstream`), and over a few dozen requests each replica of each service answers.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { addressOf, api, containersOf, edge } from './lib.mjs';

/** The replica addresses (ip:port) that answered `count` requests of `url`, with how many each. */
async function answering(url, count) {
  const seen = new Map();
  for (let i = 0; i < count; i++) {
    const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
    assert.equal(res.status, 200, url);
    const upstream = /** @type {string} */ (res.headers.get('x-upstream'));
    seen.set(upstream, (seen.get(upstream) ?? 0) + 1);
  }
  return seen;
}

for (const [service, url, port] of [
  ['shell', `${edge}/health`, 3000],
  ['api', `${api}/health`, 4000],
]) {
  test(`both ${service} replicas answer through their balancer`, async () => {
    const containers = containersOf(service);
    assert.equal(containers.length, 2, `two ${service} containers run`);
    const expected = containers.map((c) => `${addressOf(c)}:${port}`).sort();
    const seen = await answering(url, 40);
    assert.deepEqual([...seen.keys()].sort(), expected, `${service}: every replica answered, and only they`);
    for (const [replica, count] of seen) assert.ok(count >= 10, `${replica} took ${count} of 40 (round robin)`);
  });
}
