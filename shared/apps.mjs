/**
 * The app registry: the one list of the apps of the composition. Every place that
 * needs "the remotes" derives it from here — the build factory (shared/build/rspack.mjs: name,
 * dev port, exposes), scripts/ports.mjs, scripts/serve.mjs and scripts/dev.mjs, the deploy and
 * check scripts (scripts/lib/remotes.mjs), eslint.config.mjs (federation boundaries),
 * jest.config.mjs (test roots), playwright.config.ts (ports), shared/src/contracts.ts
 * (RemoteName, CONTRACT_MAJOR, EXPOSED_MODULE_IDS) and through it the shell's run-time registry
 * and page server. docker-compose.yml and deploy/environments/docker are checked against it
 * (tests/app-registry.test.ts, which also fails when a file outside this one lists the remotes).
 * Adding a remote: docs/ADDING_A_REMOTE.md.
 *
 * Plain JavaScript on purpose: Node scripts and config files import it without a TypeScript
 * loader; TypeScript reads the literal types through the `@type {const}` assertions (allowJs).
 * Imported by browser code too (contracts.ts): keep it data and pure functions.
 */

/**
 * The host: the shell. `port` is the base port of its server (`npm start`, `npm run dev`); every
 * port moves with PORT_OFFSET (see {@link portOf}).
 */
export const HOST = /** @type {const} */ ({ kind: 'host', name: 'shell', folder: 'shell', port: 3000 });

/**
 * The remotes, in the order they are listed and started.
 *   name      Module Federation name (`mf_news`): remotes.json keys, exposed ids `mf_news/NewsList`
 *   folder    the package folder at the repository root (`mf-news`)
 *   port      base port of its static server (`npm start`) and dev server (`npm run dev`)
 *   exposes   exposed modules: `./<Name>` is built from `<folder>/src/exposes/<Name>.tsx`; each
 *             needs its props in `RemoteContracts` (shared/src/contracts.ts; tsc checks both agree)
 *   contract  contract major of its exposes; bump on a breaking change of a prop type (the shell
 *             refuses a module of another major and shows the fallback)
 */
export const REMOTES = /** @type {const} */ ([
  {
    kind: 'remote',
    name: 'mf_auth',
    folder: 'mf-auth',
    port: 3001,
    contract: 1,
    exposes: ['AuthModal', 'TwoFactorDialog', 'JoinPage', 'ActivationPage', 'SocialCallback', 'AccountPage'],
  },
  { kind: 'remote', name: 'mf_news', folder: 'mf-news', port: 3002, contract: 1, exposes: ['NewsList', 'NewsArticle', 'NewsTeaser'] },
  { kind: 'remote', name: 'mf_bets', folder: 'mf-bets', port: 3003, contract: 1, exposes: ['BetsPage'] },
  { kind: 'remote', name: 'mf_leaderboard', folder: 'mf-leaderboard', port: 3004, contract: 1, exposes: ['Leaderboard'] },
]);

/** Every app: the host first, then the remotes. */
export const APPS = /** @type {const} */ ([HOST, ...REMOTES]);

/**
 * The remote given by Module Federation name (`mf_news`) or folder (`mf-news`), or undefined.
 * @param {string} id
 */
export function findRemote(id) {
  return REMOTES.find((r) => r.name === id || r.folder === id);
}

/**
 * The app (host or remote) whose package folder is `folder` (`shell`, `mf-news`), or undefined.
 * @param {string} folder
 */
export function findAppByFolder(folder) {
  return APPS.find((a) => a.folder === folder);
}

/**
 * Module Federation `exposes` of a remote: `./NewsList` → mf-news/src/exposes/NewsList.tsx.
 * @param {{ exposes: readonly string[] }} remote
 * @returns {Record<string, string>}
 */
export function exposesOf(remote) {
  return Object.fromEntries(remote.exposes.map((e) => [`./${e}`, `./src/exposes/${e}.tsx`]));
}

/** Every exposed module id of every remote (`mf_news/NewsList`), in registry order. */
export function exposedModuleIds() {
  return REMOTES.flatMap((r) => r.exposes.map((e) => `${r.name}/${e}`));
}

/**
 * Environment variable that sets one app's port alone: `SHELL_PORT` for the host, the remote's
 * name without `mf_` otherwise (`mf_news` → `NEWS_PORT`).
 * @param {{ kind: string, name: string }} app
 */
export function portEnvName(app) {
  return `${(app.kind === 'host' ? 'shell' : app.name.replace(/^mf_/, '')).toUpperCase()}_PORT`;
}

/**
 * Port of an app in a local deployment: its own variable ({@link portEnvName}) when set, else its
 * base port + `offset` (default PORT_OFFSET, 0).
 * @param {{ kind: string, name: string, port: number }} app
 * @param {{ env?: Record<string, string | undefined>, offset?: number }} [o]
 * @returns {number}
 */
export function portOf(app, { env = process.env, offset = Number(env.PORT_OFFSET ?? 0) } = {}) {
  const own = env[portEnvName(app)];
  return Number(own ?? app.port + offset);
}
