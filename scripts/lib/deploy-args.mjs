/** Command line and small helpers of scripts/deploy.mjs: options, folders, versions, build hashes. */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { userInfo } from 'node:os';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { repoRoot } from './remotes.mjs';

const VERSION = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/;

/** A wrong command line (printed with the usage, exit code 2). */
export class UsageError extends Error {}

/** Splits argv into positionals and `--name value` / `--flag` options. */
export function parseArgs(argv) {
  const flags = new Set(['no-check', 'no-verify', 'json', 'help', 'no-figures']);
  const positionals = [];
  const options = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (!a.startsWith('--')) {
      positionals.push(a);
      continue;
    }
    const key = a.slice(2);
    if (flags.has(key)) options[key] = true;
    else if (i + 1 < argv.length) options[key] = argv[++i];
    else throw new UsageError(`${a} needs a value`);
  }
  return { positionals, options };
}

/** An absolute path (relative ones from the working folder). */
export const abs = (p) => (isAbsolute(p) ? p : resolve(process.cwd(), p));
/**
 * Folders and author of a deploy command (options, else DEPLOY_* variables, else defaults); the
 * environments folder of `local` is npm start's data folder.
 */
export const envsDirOf = (o, env) => {
  const chosen = o['envs-dir'] ?? process.env.DEPLOY_ENVS_DIR;
  if (chosen) return abs(chosen);
  const repoEnvs = join(repoRoot, 'deploy', 'environments');
  // `local` is npm start's environment (scripts/lib/local-environment.mjs: DATA_DIR/local).
  if (env === 'local' && !existsSync(join(repoEnvs, 'local'))) return abs(process.env.DATA_DIR ?? join(repoRoot, '.data'));
  return repoEnvs;
};
export const staticRootOf = (o) => abs(o['static-root'] ?? process.env.DEPLOY_STATIC_ROOT ?? join(repoRoot, '.data', 'static'));
export const byOf = (o) => o.by ?? process.env.DEPLOY_BY ?? safeUser();

function safeUser() {
  try {
    return userInfo().username;
  } catch {
    return 'unknown';
  }
}

/** `v` when it is a semver version, else a UsageError. */
export function checkVersion(v) {
  if (!VERSION.test(v ?? '')) throw new UsageError(`"${v}" is not a version (major.minor.patch[-pre])`);
  return v;
}

/** Version folder of a manifest URL in remotes.json, or null. */
export function versionOfUrl(url) {
  const m = /\/(\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?)\/mf-manifest\.json(?:[?#].*)?$/.exec(url ?? '');
  return m ? m[1] : null;
}

/** Content hash of every file below `dir` (relative path + bytes), to compare two builds. */
export function treeHash(dir) {
  const h = createHash('sha256');
  const walk = (d) => {
    for (const name of readdirSync(d).sort()) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else h.update(relative(dir, p)).update('\0').update(readFileSync(p)).update('\0');
    }
  };
  walk(dir);
  return h.digest('hex');
}
