/**
 * Independent delivery, in one run against real builds:
 *   - environments A and B serve the same shell build with different versions of one remote
 *     (mf-news 1.0.0 from the tree, 1.1.0 built by `deploy.mjs build --version 1.1.0` into a temp
 *     folder: the remote's package.json and sources are never changed),
 *   - a tester override switches A to 1.1.0 for one browser only, with a badge and a one-click reset,
 *   - production ignores overrides,
 *   - a remote whose contract major differs shows the fallback; `deploy.mjs rollback` repairs it,
 *   - a remote built against another React major is reported in the console, not duplicated.
 * The environments are served by scripts/env-server.mjs on ports `ports.extra`+ (3660+ at the
 * default offset), their remotes.json written by scripts/deploy.mjs; the API is the one playwright.config.ts
 * starts (proxied under /api by each environment's shell origin).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { ports } from './fixtures';

/** The remote whose versions the environments compose, the page showing it, its rendered marker. */
const TARGET = {
  folder: 'mf-news',
  name: 'mf_news',
  page: '/royal/news',
  exposeFile: 'NewsList.tsx',
  rendered: (slot: Locator) => slot.locator('[data-testid="news-list"]:not([aria-busy])'),
};

const root = join(__dirname, '..');
const remoteDir = join(root, TARGET.folder);
const EXTRA = Number(process.env.DELIVERY_PORT_BASE ?? ports.extra);
const port = { static: EXTRA, a: EXTRA + 1, b: EXTRA + 2, prod: EXTRA + 3 };
const manifestUrl = (version: string) => `http://localhost:${port.static}/${TARGET.folder}/${version}/mf-manifest.json`;
const apiOrigin = `http://localhost:${ports.api}`;
const inTreeVersion = JSON.parse(readFileSync(join(remoteDir, 'package.json'), 'utf8')).version as string;

let work = '';
let envsDir = '';
let staticRoot = '';
const servers: ChildProcess[] = [];

function run(args: string[], opts: { cwd?: string; env?: Record<string, string> } = {}) {
  const r = spawnSync(process.execPath, args, {
    cwd: opts.cwd ?? root,
    encoding: 'utf8',
    env: { ...process.env, DEPLOY_BY: 'e2e', ...opts.env },
  });
  if (r.status !== 0) throw new Error(`node ${args.join(' ')} failed:\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}
const deploy = (...args: string[]) =>
  run([join(root, 'scripts', 'deploy.mjs'), ...args, '--envs-dir', envsDir, '--static-root', staticRoot]);

/**
 * An environment whose config.json trusts the static host for tester overrides. The production
 * one's config.json is deliberately wrong (says non-production, trusts the static host): the
 * environment guard of env-server.mjs must still ignore overrides there.
 */
function makeEnv(name: string, production: boolean) {
  mkdirSync(join(envsDir, name), { recursive: true });
  writeFileSync(
    join(envsDir, name, 'environment.json'),
    JSON.stringify({ name, production, manifestUrl: `http://localhost:${port.static}/{remote}/{version}/mf-manifest.json` }),
  );
  writeFileSync(
    join(envsDir, name, 'config.json'),
    JSON.stringify({
      environment: name,
      production: false,
      gameUrlTemplate: 'https://{server}.game.example/',
      trustedRemoteOrigins: [`http://localhost:${port.static}`],
    }),
  );
}

async function serve(args: string[], url: string) {
  const child = spawn(process.execPath, [join(root, 'scripts', 'env-server.mjs'), ...args], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  servers.push(child);
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not come up`);
}

const slotOf = (page: Page) => page.locator(`.remote-slot[data-remote="${TARGET.name}"]`);
const overrideQuery = (version: string, url = manifestUrl(version)) => `?mf_override=${TARGET.name}@${encodeURIComponent(url)}`;
/** The same real 1.1.0 manifest on an origin the environment does not trust (127.0.0.1 ≠ localhost). */
const foreignManifest = `http://127.0.0.1:${EXTRA}/${TARGET.folder}/1.1.0/mf-manifest.json`;

/** Waits for the target remote's slot to render and returns the remote version it reports. */
async function renderedVersion(page: Page): Promise<string | null> {
  const slot = slotOf(page);
  await expect(TARGET.rendered(slot)).toBeVisible();
  await expect(slot).toHaveAttribute('data-remote-version', /\d/);
  return slot.getAttribute('data-remote-version');
}

/** Versions of the target remote whose files the page downloaded. */
function trackRemoteVersions(page: Page): Set<string> {
  const seen = new Set<string>();
  page.on('request', (r) => {
    const m = new RegExp(`^http://localhost:${port.static}/${TARGET.folder}/([^/]+)/`).exec(r.url());
    if (m) seen.add(m[1]!);
  });
  return seen;
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  expect(existsSync(join(remoteDir, 'dist', inTreeVersion, 'mf-manifest.json'))).toBe(true);
  work = mkdtempSync(join(tmpdir(), 'delivery-e2e-'));
  envsDir = join(work, 'environments');
  staticRoot = join(work, 'static');

  // 1.1.0: the same remote built as another version, into a temp folder.
  run([join(root, 'scripts', 'deploy.mjs'), 'build', TARGET.folder, '--version', '1.1.0', '--out', join(work, 'builds'), '--no-check']);
  // 2.0.0: a copy of the remote whose exposed module declares contract major 2 (the shell needs 1).
  const copy = join(work, 'major2');
  cpSync(join(remoteDir, 'src'), join(copy, 'src'), { recursive: true });
  cpSync(join(remoteDir, 'package.json'), join(copy, 'package.json'));
  cpSync(join(remoteDir, 'rspack.config.mjs'), join(copy, 'rspack.config.mjs'));
  symlinkSync(join(remoteDir, 'node_modules'), join(copy, 'node_modules'), 'dir');
  const expose = join(copy, 'src', 'exposes', TARGET.exposeFile);
  writeFileSync(expose, readFileSync(expose, 'utf8').replace(/(export const contractMajor[^=]*=\s*)1;/, '$12;'));
  expect(readFileSync(expose, 'utf8')).toMatch(/contractMajor[^=]*=\s*2;/);
  run([join(remoteDir, 'node_modules', '@rspack', 'cli', 'bin', 'rspack.js'), 'build', '--config', 'rspack.config.mjs'], {
    cwd: copy,
    env: { NODE_ENV: 'production', MF_REMOTE_VERSION: '2.0.0', MF_REMOTE_OUT_DIR: join(work, 'builds') },
  });

  deploy('publish', TARGET.folder, '--version', inTreeVersion);
  deploy('publish', TARGET.folder, '--version', '1.1.0', '--from', join(work, 'builds'));
  deploy('publish', TARGET.folder, '--version', '2.0.0', '--from', join(work, 'builds'));
  // A build whose manifest says it was built with React 18: the policy refuses to publish it, so
  // it is copied by hand, as a static host someone filled without the tool would hold it.
  const bad = join(staticRoot, TARGET.folder, '1.1.1-react18');
  cpSync(join(staticRoot, TARGET.folder, '1.1.0'), bad, { recursive: true });
  const manifest = JSON.parse(readFileSync(join(bad, 'mf-manifest.json'), 'utf8'));
  for (const s of manifest.shared) if (s.name === 'react') s.version = '18.3.1';
  writeFileSync(join(bad, 'mf-manifest.json'), JSON.stringify(manifest));

  makeEnv('a', false);
  makeEnv('b', false);
  makeEnv('prod', true);
  deploy('use', 'a', TARGET.name, inTreeVersion);
  deploy('use', 'b', TARGET.name, inTreeVersion);
  deploy('use', 'b', TARGET.name, '1.1.0');
  deploy('use', 'prod', TARGET.name, inTreeVersion);

  const common = ['--envs-dir', envsDir, '--static-root', staticRoot, '--api', apiOrigin];
  await serve(
    ['--env', 'a', '--port', String(port.a), '--static-port', String(port.static), ...common],
    `http://localhost:${port.a}/remotes.json`,
  );
  await serve(['--env', 'b', '--port', String(port.b), '--static-port', '0', ...common], `http://localhost:${port.b}/remotes.json`);
  await serve(
    ['--env', 'prod', '--port', String(port.prod), '--static-port', '0', ...common],
    `http://localhost:${port.prod}/remotes.json`,
  );
});

test.afterAll(() => {
  for (const s of servers) s.kill('SIGTERM');
  if (work) rmSync(work, { recursive: true, force: true });
});

test(`environments A and B compose different versions of ${TARGET.folder} with the same shell build`, async ({ browser }) => {
  const shellScripts: string[][] = [];
  for (const [env, expected] of [
    ['a', inTreeVersion],
    ['b', '1.1.0'],
  ] as const) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const versions = trackRemoteVersions(page);
    await page.goto(`http://localhost:${port[env]}${TARGET.page}`);
    await expect(page.getByTestId('header')).toBeVisible();
    expect(await renderedVersion(page)).toBe(expected);
    expect([...versions]).toEqual([expected]); // every file of the remote came from that version's folder
    await expect(page.getByTestId('override-badge')).toHaveCount(0);
    // The page's own script tags; chunks the bundler adds later (`data-rspack`, e.g. the worker
    // registration loaded after the page) depend on timing, not on the build.
    shellScripts.push(
      await page
        .locator('script[src]:not([data-rspack])')
        .evaluateAll((els) => els.map((e) => (e as HTMLScriptElement).getAttribute('src')!).filter((s) => s.includes('/assets/'))),
    );
    await context.close();
  }
  expect(shellScripts[0]!.length).toBeGreaterThan(0);
  expect(shellScripts[1]).toEqual(shellScripts[0]);
});

test('a tester pins A to 1.1.0 for their browser only, sees the badge and resets it in one click', async ({ browser }) => {
  const tester = await browser.newContext();
  const page = await tester.newPage();
  await page.goto(`http://localhost:${port.a}${TARGET.page}${overrideQuery('1.1.0')}`);
  expect(await renderedVersion(page)).toBe('1.1.0');
  const badge = page.getByRole('complementary', { name: 'Test versions in this browser' });
  await expect(badge).toBeVisible();
  await expect(badge.getByTestId(`override-${TARGET.name}`)).toHaveText(`${TARGET.name} 1.1.0`);

  await page.goto(`http://localhost:${port.a}/royal/bets-rules`); // kept for this tab's session
  await page.goto(`http://localhost:${port.a}${TARGET.page}`);
  expect(await renderedVersion(page)).toBe('1.1.0');

  // another tab of the same browser: the override lasted for that tab's session only …
  const secondTab = await tester.newPage();
  await secondTab.goto(`http://localhost:${port.a}${TARGET.page}`);
  expect(await renderedVersion(secondTab)).toBe(inTreeVersion);
  await expect(secondTab.getByTestId('override-badge')).toHaveCount(0);
  // … until the tester confirms "Keep"
  await badge.getByRole('button', { name: 'Keep these test versions after this browser session' }).click();
  await expect(badge.getByText('Kept in this browser')).toBeVisible();
  await secondTab.reload();
  expect(await renderedVersion(secondTab)).toBe('1.1.0');
  await secondTab.close();

  const someoneElse = await browser.newContext();
  const other = await someoneElse.newPage();
  await other.goto(`http://localhost:${port.a}${TARGET.page}`);
  expect(await renderedVersion(other)).toBe(inTreeVersion);
  await expect(other.getByTestId('override-badge')).toHaveCount(0);
  await someoneElse.close();

  await badge.getByRole('button', { name: 'Reset test versions and reload' }).click();
  await expect(page.getByTestId('override-badge')).toHaveCount(0);
  expect(await renderedVersion(page)).toBe(inTreeVersion);
  expect(page.url()).not.toContain('mf_override');
  expect(await page.evaluate(() => localStorage.getItem('mf-overrides'))).toBeNull();
  await tester.close();
});

test('an override from an untrusted origin loads nothing, now or on a later visit', async ({ browser }) => {
  expect((await fetch(foreignManifest)).ok).toBe(true); // it is a real manifest: only the guard stops it
  const context = await browser.newContext();
  const page = await context.newPage();
  const foreign: string[] = [];
  page.on('request', (r) => r.url().startsWith(`http://127.0.0.1:${EXTRA}/`) && foreign.push(r.url()));
  await page.goto(`http://localhost:${port.a}${TARGET.page}${overrideQuery('1.1.0', foreignManifest)}`);
  expect(await renderedVersion(page)).toBe(inTreeVersion);
  await expect(page.getByTestId('override-refused')).toHaveText(`Refused: http://127.0.0.1:${EXTRA} is not a trusted origin`);
  expect(await page.evaluate(() => [localStorage.getItem('mf-overrides'), sessionStorage.getItem('mf-overrides')])).toEqual([null, null]);

  // a later visit, even with the override planted in localStorage by an older shell
  await page.evaluate((url) => localStorage.setItem('mf-overrides', JSON.stringify({ mf_news: url })), foreignManifest);
  await page.goto(`http://localhost:${port.a}${TARGET.page}`);
  expect(await renderedVersion(page)).toBe(inTreeVersion);
  expect(await page.evaluate(() => localStorage.getItem('mf-overrides'))).toBeNull();
  expect(foreign).toEqual([]);
  await context.close();
});

test('production ignores tester overrides, even when its config.json trusts the origin', async ({ page }) => {
  const config = await (await fetch(`http://localhost:${port.prod}/config.json`)).json();
  expect(config).toMatchObject({ production: true, trustedRemoteOrigins: [] });
  await page.goto(`http://localhost:${port.prod}${TARGET.page}${overrideQuery('1.1.0')}`);
  expect(await renderedVersion(page)).toBe(inTreeVersion);
  await expect(page.getByTestId('override-badge')).toHaveCount(0);
});

test('a remote with another contract major shows the fallback; rollback brings the previous version back', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  deploy('use', 'b', TARGET.name, '2.0.0');
  await page.goto(`http://localhost:${port.b}${TARGET.page}`);
  const slot = slotOf(page);
  await expect(slot.getByTestId('remote-fallback')).toBeVisible();
  await expect(slot.getByText('This section is temporarily unavailable')).toBeVisible();
  await expect(TARGET.rendered(slot)).toHaveCount(0);
  await expect(slot).toHaveAttribute('data-remote-version', '2.0.0');
  expect(errors.join('\n')).toContain('has contract major 2, the shell needs 1');
  // the rest of the page keeps working
  await expect(page.getByTestId('header')).toBeVisible();
  await expect(page.getByTestId('footer')).toBeVisible();
  await page.getByRole('link', { name: 'Bets', exact: true }).first().click();
  await expect(page).toHaveURL(/\/royal\/bets$/);

  expect(deploy('rollback', 'b', TARGET.name)).toContain('rolled back 2.0.0 → 1.1.0');
  await page.goto(`http://localhost:${port.b}${TARGET.page}`);
  expect(await renderedVersion(page)).toBe('1.1.0');
});

test('a remote built against another React major is reported in the console and still uses the shell singleton', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.goto(`http://localhost:${port.a}${TARGET.page}${overrideQuery('1.1.1-react18')}`);
  // it renders with hooks, so it runs on the shell's React: a second copy would break it
  expect(await renderedVersion(page)).toBe('1.1.0');
  expect(errors.join('\n')).toMatch(
    new RegExp(`\\[remotes\\] ${TARGET.name} was built with react@18\\.3\\.1, the shell provides 19\\.\\d+\\.\\d+ \\(another major\\)`),
  );
  // the composition status page (linked from the badge) shows the same mismatch on the remote's card
  await page.getByTestId('override-status-link').click();
  const card = page.getByTestId(`composition-${TARGET.name}`);
  await expect(card).toContainText('test version');
  await expect(card.locator('tr[data-mismatch] th')).toHaveText(['react']);
  await expect(page.getByTestId('composition-summary')).toContainText('1 shared package of another major');
  await page.getByTestId('override-badge').getByRole('button', { name: 'Reset test versions and reload' }).click();
  await expect(page.getByTestId('override-badge')).toHaveCount(0);
});
