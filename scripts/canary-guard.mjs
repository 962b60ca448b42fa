#!/usr/bin/env node
/**
 * The canary guard of one environment (docs/OPERATIONS.md "Automatic rollback"): aborts a running
 * canary whose failure rates cross the environment's policy, without a person.
 *
 *   node scripts/canary-guard.mjs --env <env> [--envs-dir DIR] [--interval S] [--once]
 *
 * The figures come from the telemetry API of environment.json `telemetry.api` (or LANDING_OPS_API)
 * with the credential LANDING_OPS_TOKEN (OPS_TOKEN or ADMIN_SECRET of the API, or the `.ops-token`
 * file of the environment's folder). `--once` looks once and prints what it judged (exit 1 when
 * the look failed). Stops on SIGINT / SIGTERM.
 */
import { parseArgs } from 'node:util';
import { envsDirOf } from './lib/deploy-args.mjs';
import { guardOnce, startCanaryGuard } from './lib/canary-guard.mjs';

const { values } = parseArgs({
  options: {
    env: { type: 'string' },
    'envs-dir': { type: 'string' },
    interval: { type: 'string' },
    once: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h' },
  },
});
if (values.help || !values.env) {
  console.log('usage: node scripts/canary-guard.mjs --env <env> [--envs-dir DIR] [--interval S] [--once]');
  process.exit(values.help ? 0 : 2);
}
const envsDir = envsDirOf(values, values.env);
if (values.once) {
  guardOnce({ envsDir, env: values.env }).then(
    (judged) => {
      for (const j of judged)
        console.log(
          `${j.remote}@${j.version}: ${j.verdict.abort ? 'aborted' : j.verdict.waiting ? 'waiting' : 'healthy'} (${j.verdict.reason})`,
        );
      if (!judged.length) console.log(`${values.env}: no canary running`);
    },
    (e) => {
      console.error(`✖ ${e.message}`);
      process.exit(1);
    },
  );
} else {
  const stop = startCanaryGuard({ envsDir, env: values.env, intervalS: values.interval ? Number(values.interval) : undefined });
  console.log(`canary guard of ${values.env} (${envsDir})`);
  const keepAlive = setInterval(() => undefined, 60_000);
  for (const signal of ['SIGINT', 'SIGTERM'])
    process.on(signal, () => {
      stop();
      clearInterval(keepAlive);
      process.exit(0);
    });
}
