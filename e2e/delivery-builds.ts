/**
 * The extra versions of the delivery suite's remote (e2e/delivery-world.ts): 1.1.0, the same
 * sources built as another version by `scripts/deploy.mjs build`, and 2.0.0, a copy whose exposed
 * module declares contract major 2. They are built once, before the suite (e2e/global-setup.ts),
 * into `node_modules/.cache/landing-e2e/`, and reused by later runs while the remote's in-tree
 * build (`<remote>/dist/<version>/`, which `pnpm run build` makes) and this file stay the same.
 * No test builds a remote.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The remote the delivery suite composes in several versions, and the expose whose contract 2.0.0 changes. */
export const BUILT_TARGET = { folder: 'mf-news', exposeFile: 'NewsList.tsx' } as const;
/** The versions built here, each in `<builds dir>/<version>/`. */
const EXTRA_VERSIONS = ['1.1.0', '2.0.0'] as const;

const root = join(__dirname, '..');
const remoteDir = join(root, BUILT_TARGET.folder);
const cacheRoot = join(root, 'node_modules', '.cache', 'landing-e2e');

/** Version of the remote in the tree (its package.json). */
const inTreeVersion = (): string => JSON.parse(readFileSync(join(remoteDir, 'package.json'), 'utf8')).version;

/**
 * Folder of the builds for the current in-tree build: named after a hash of its manifest (which
 * names every chunk by content hash, so it changes with the sources and the build config) and of
 * this file.
 * @throws Error when the in-tree build is missing (`pnpm run build` first)
 */
function buildsDirFor(): string {
  const manifest = join(remoteDir, 'dist', inTreeVersion(), 'mf-manifest.json');
  if (!existsSync(manifest)) throw new Error(`${manifest} is missing: run \`pnpm run build\` before the e2e suite`);
  const key = createHash('sha256').update(readFileSync(manifest)).update(readFileSync(__filename)).digest('hex').slice(0, 16);
  return join(cacheRoot, `delivery-${key}`);
}

/**
 * The folder holding the extra versions (`1.1.0/`, `2.0.0/`), for `deploy.mjs publish --from`.
 * @throws Error when they have not been built for the current in-tree build
 */
export function deliveryBuildsDir(): string {
  const dir = buildsDirFor();
  if (!EXTRA_VERSIONS.every((v) => existsSync(join(dir, v, 'mf-manifest.json'))))
    throw new Error(`the delivery suite's builds are missing in ${dir}: e2e/global-setup.ts makes them before the suite`);
  return dir;
}

function run(args: string[], opts: { cwd?: string; env?: Record<string, string> } = {}): void {
  const r = spawnSync(process.execPath, args, { cwd: opts.cwd ?? root, encoding: 'utf8', env: { ...process.env, ...opts.env } });
  if (r.status !== 0) throw new Error(`node ${args.join(' ')} failed:\n${r.stdout}\n${r.stderr}`);
}

/**
 * Builds the extra versions unless this in-tree build already has them; removes the builds of
 * older in-tree builds. Takes the time of two production builds of the remote (20–60 s), or none.
 * @returns the builds' folder, as {@link deliveryBuildsDir}
 * @throws Error when a build fails
 */
export function ensureDeliveryBuilds(): { dir: string; built: boolean } {
  const dir = buildsDirFor();
  if (EXTRA_VERSIONS.every((v) => existsSync(join(dir, v, 'mf-manifest.json')))) return { dir, built: false };
  mkdirSync(cacheRoot, { recursive: true });
  for (const old of readdirSync(cacheRoot)) if (old.startsWith('delivery-')) rmSync(join(cacheRoot, old), { recursive: true, force: true });
  // Built outside node_modules/: the remote's build config does not compile sources below a node_modules folder.
  const work = mkdtempSync(join(tmpdir(), 'delivery-builds-'));
  const out = join(work, 'builds');
  try {
    // 1.1.0: the same remote built as another version, by the deploy tool.
    run([join(root, 'scripts', 'deploy.mjs'), 'build', BUILT_TARGET.folder, '--version', '1.1.0', '--out', out, '--no-check']);
    // 2.0.0: a copy of the remote whose exposed module declares contract major 2 (the shell needs 1).
    const copy = join(work, 'major2');
    cpSync(join(remoteDir, 'src'), join(copy, 'src'), { recursive: true });
    cpSync(join(remoteDir, 'package.json'), join(copy, 'package.json'));
    cpSync(join(remoteDir, 'rspack.config.mjs'), join(copy, 'rspack.config.mjs'));
    symlinkSync(join(remoteDir, 'node_modules'), join(copy, 'node_modules'), 'dir');
    const expose = join(copy, 'src', 'exposes', BUILT_TARGET.exposeFile);
    const source = readFileSync(expose, 'utf8');
    const major2 = source.replace(/(export const contractMajor[^=]*=\s*)1;/, '$12;');
    if (major2 === source) throw new Error(`${expose} declares no \`export const contractMajor = 1;\` to change`);
    writeFileSync(expose, major2);
    run([join(remoteDir, 'node_modules', '@rspack', 'cli', 'bin', 'rspack.js'), 'build', '--config', 'rspack.config.mjs'], {
      cwd: copy,
      env: { NODE_ENV: 'production', MF_REMOTE_VERSION: '2.0.0', MF_REMOTE_OUT_DIR: out },
    });
    // Complete or absent: copied beside it, then renamed (a run stopped while copying leaves only `.partial`).
    cpSync(out, `${dir}.partial`, { recursive: true });
    renameSync(`${dir}.partial`, dir);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return { dir, built: true };
}
