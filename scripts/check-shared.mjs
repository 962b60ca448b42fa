#!/usr/bin/env node
/**
 * Shared-dependency policy check of built remotes: reads the `shared`
 * entries of every built remote's mf-manifest.json (`<remote>/dist/<version>/`) and compares
 * them with the singletons the shell is built with (shared/build/rspack.mjs). A remote that
 * shares a singleton of another major, shares it without `singleton: true`, or does not share
 * react / react-dom / @landing/shared at all is reported (exit code 1), never silently loaded as a
 * second copy.
 *
 *   node scripts/check-shared.mjs                         every built remote of the repo
 *   node scripts/check-shared.mjs <mf-manifest.json> …    given manifests (e.g. a published build)
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { allRemotes } from './lib/remotes.mjs';
import { sharedPolicyProblems, shellSharedVersions } from './lib/shared-policy.mjs';

const files = process.argv.slice(2).map((f) => resolve(f));
if (files.length === 0) {
  for (const r of allRemotes()) {
    const dist = join(r.dir, 'dist');
    if (!existsSync(dist)) continue;
    for (const v of readdirSync(dist)) if (existsSync(join(dist, v, 'mf-manifest.json'))) files.push(join(dist, v, 'mf-manifest.json'));
  }
}
if (files.length === 0) {
  console.error('✖ no built remote found (build one first: pnpm --filter ./mf-leaderboard build)');
  process.exit(1);
}
const host = shellSharedVersions();
let failed = false;
for (const file of files) {
  const manifest = JSON.parse(readFileSync(file, 'utf8'));
  const problems = sharedPolicyProblems(manifest, host);
  const shared = (manifest.shared ?? []).map((s) => `${s.name}@${s.version}`).join(', ');
  if (problems.length) {
    failed = true;
    console.error(`✖ ${file}\n${problems.map((p) => `    ${p}`).join('\n')}`);
  } else {
    console.log(`✓ ${manifest.name}@${manifest.metaData?.buildInfo?.buildVersion}: ${shared}`);
  }
}
process.exit(failed ? 1 : 0);
