/**
 * What the API refuses to start with (docs/SECURITY.md "V13 Configuration"):
 *
 * - development features (DEV_FEATURES=1: the local social-login provider, the open dev mailbox
 *   `/dev/mailbox*` with every reset link and device code, demo accounts with a known password and
 *   a pre-trusted device) on any address other than loopback;
 * - an admin secret (ADMIN_SECRET) or a change stream credential (CHANGES_TOKEN) shorter than
 *   {@link ADMIN_SECRET_MIN_LENGTH} characters.
 *
 * Development features are never on by default: `npm start`, `npm run dev` and e2e set
 * DEV_FEATURES=1 (scripts/lib/local-stack.mjs), the API tests too (test/templates.ts); production
 * (NODE_ENV=production) ignores the switch.
 */

/** Shortest accepted ADMIN_SECRET: 32 characters (≥ 128 bits from a password generator or `openssl rand -hex 16`). */
const ADMIN_SECRET_MIN_LENGTH = 32;

/**
 * Whether the development features are on: `DEV_FEATURES=1` (or `true`) and not
 * `NODE_ENV=production`.
 * @param env the environment (process.env)
 * @param nodeEnv overrides env.NODE_ENV (the configuration's value)
 */
export function devFeaturesEnabled(env: NodeJS.ProcessEnv, nodeEnv: string = env.NODE_ENV ?? 'development'): boolean {
  const v = env.DEV_FEATURES?.trim().toLowerCase();
  return nodeEnv !== 'production' && (v === '1' || v === 'true');
}

/**
 * Whether a listen address only accepts connections from this machine: `localhost`, `127.0.0.0/8`,
 * `::1` (and `::ffff:127.x.x.x`). `0.0.0.0`, `::` and every other address are not.
 */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  if (h === 'localhost' || h === '::1' || h === '0:0:0:0:0:0:0:1') return true;
  const v4 = h.startsWith('::ffff:') ? h.slice(7) : h;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

/** Thrown by {@link assertStartable}; its message lists every problem, one per line. */
export class UnsafeConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`The API refuses to start:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'UnsafeConfigError';
  }
}

/** The parts of the configuration the guards read. */
export interface GuardedConfig {
  host: string;
  devFeatures: boolean;
  adminSecret: string | undefined;
  changesToken?: string | undefined;
}

/** The reasons not to start with `config`, empty when it is fine. */
export function startProblems(config: GuardedConfig): string[] {
  const problems: string[] = [];
  if (config.devFeatures && !isLoopbackHost(config.host))
    problems.push(
      `DEV_FEATURES=1 (local social-login provider, /dev/mailbox, demo accounts) is on and API_HOST is ${config.host}, ` +
        'which is not a loopback address: listen on 127.0.0.1, or unset DEV_FEATURES',
    );
  if (config.adminSecret !== undefined && config.adminSecret.length < ADMIN_SECRET_MIN_LENGTH)
    problems.push(
      `ADMIN_SECRET has ${config.adminSecret.length} characters; it needs at least ${ADMIN_SECRET_MIN_LENGTH} ` +
        '(e.g. `openssl rand -hex 32`), or unset it to turn the admin routes off',
    );
  if (config.changesToken !== undefined && config.changesToken.length < ADMIN_SECRET_MIN_LENGTH)
    problems.push(
      `CHANGES_TOKEN has ${config.changesToken.length} characters; it needs at least ${ADMIN_SECRET_MIN_LENGTH} ` +
        '(e.g. `openssl rand -hex 32`), or unset it to turn the content change stream off',
    );
  return problems;
}

/**
 * Throws when the API must not start with `config` (see the file comment).
 * @throws UnsafeConfigError listing every problem
 */
export function assertStartable(config: GuardedConfig): void {
  const problems = startProblems(config);
  if (problems.length) throw new UnsafeConfigError(problems);
}
