/**
 * The installable app (spec §1): Chromium's installability check, and a new build of the shell
 * raising refresh-available and reloading once into it.
 */
import { chromium, expect, test } from '@playwright/test';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { ports, storeState } from './fixtures';
import { SHELL, dismissNotices, waitForWorker } from './shell-helpers';

// Service workers are blocked by default (playwright.config.ts), so a worker never answers the
// mocked requests of a suite that keeps that default; this suite allows them.
test.use({ serviceWorkers: 'allow' });

test.describe('installable app (spec §1, Lighthouse installability)', () => {
  test('Chromium finds the site installable: manifest parsed without errors, icons, theme colour', async () => {
    // Installability is never granted to incognito contexts: use a persistent profile.
    const profile = mkdtempSync(join(tmpdir(), 'landing-install-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    try {
      const page = await context.newPage();
      await page.goto(`${SHELL}/royal`);
      await expect(page.getByTestId('header')).toBeVisible();
      const cdp = await context.newCDPSession(page);
      const manifest = await cdp.send('Page.getAppManifest');
      expect(manifest.url).toBe(`${SHELL}/manifest.webmanifest`);
      expect(manifest.errors).toEqual([]);
      await expect.poll(async () => (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors, { timeout: 15_000 }).toEqual([]);
      const icons = (await (await page.request.get(`${SHELL}/manifest.webmanifest`)).json()).icons as Array<{ src: string; type: string }>;
      for (const icon of icons) {
        const res = await page.request.get(`${SHELL}${icon.src}`);
        expect([icon.src, res.status(), res.headers()['content-type']]).toEqual([icon.src, 200, 'image/png']);
      }
      await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#0b1220');
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });
});

/**
 * A second deployment of the shell on its own origin, whose files can be switched to a "new
 * build" during a test: serves a copy of shell/dist, proxies /api/* to the API and rewrites
 * config.json to point the API and the content host at itself (one origin, no CORS).
 */
class ShellDeployment {
  readonly port = ports.shell + 9;
  readonly origin = `http://localhost:${this.port}`;
  private server: Server | undefined;
  private readonly root = mkdtempSync(join(tmpdir(), 'landing-shell-deploy-'));
  private dir = join(this.root, 'v1');

  async start(): Promise<void> {
    const dist = join(__dirname, '..', 'shell', 'dist');
    if (!existsSync(join(dist, 'sw.js'))) throw new Error('shell/dist/sw.js is missing: build the shell first');
    cpSync(dist, this.dir, { recursive: true });
    this.server = createServer((req, res) => void this.handle(req.url ?? '/', req, res));
    await new Promise<void>((resolve) => this.server!.listen(this.port, 'localhost', resolve));
  }

  /** Deploys "build 2": index.html gets a build marker, sw.js the new precache revision of it. */
  deployNewBuild(marker: string): void {
    const next = join(this.root, 'v2');
    cpSync(this.dir, next, { recursive: true });
    const html = readFileSync(join(next, 'index.html'), 'utf8').replace('<head>', `<head><meta name="landing-build" content="${marker}">`);
    writeFileSync(join(next, 'index.html'), html);
    const sw = readFileSync(join(next, 'sw.js'), 'utf8');
    const updated = sw.replace(/("revision":")[0-9a-f]+(","url":"index\.html")/, `$1${Date.now().toString(16)}$2`);
    if (updated === sw) throw new Error('index.html entry not found in the precache list of sw.js');
    writeFileSync(join(next, 'sw.js'), updated);
    this.dir = next;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    rmSync(this.root, { recursive: true, force: true });
  }

  private async handle(url: string, req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse): Promise<void> {
    const path = decodeURIComponent(url.split('?')[0]!);
    if (path.startsWith('/api/')) return this.proxyApi(url.slice(4), req, res);
    if (path === '/config.json' || path === '/remotes.json') {
      const body = await (await fetch(`${SHELL}${path}`)).json();
      if (path === '/config.json') Object.assign(body, { apiBaseTemplate: `${this.origin}/api/{server}`, cdnBase: `${this.origin}/cdn` });
      res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-cache' });
      return void res.end(JSON.stringify(body));
    }
    let file = join(this.dir, normalize(path).replace(/^(\.\.[/\\])+/, ''));
    if (!extname(path) || !existsSync(file)) file = join(this.dir, 'index.html');
    const types: Record<string, string> = {
      '.html': 'text/html',
      '.js': 'text/javascript',
      '.css': 'text/css',
      '.json': 'application/json',
      '.webmanifest': 'application/manifest+json',
      '.png': 'image/png',
      '.svg': 'image/svg+xml',
      '.ogg': 'audio/ogg',
      '.mp3': 'audio/mpeg',
    };
    res.writeHead(existsSync(file) ? 200 : 404, {
      'Content-Type': types[extname(file)] ?? 'application/octet-stream',
      'Cache-Control': 'no-cache',
    });
    res.end(readFileSync(file));
  }

  private proxyApi(path: string, req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse): void {
    const upstream = httpRequest(
      { host: 'localhost', port: ports.api, path, method: req.method, headers: { ...req.headers, host: `localhost:${ports.api}` } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  }
}

test.describe('new build (spec §1 refresh-available)', () => {
  let deployment: ShellDeployment;
  test.beforeAll(async () => {
    deployment = new ShellDeployment();
    await deployment.start();
  });
  test.afterAll(async () => deployment?.stop());

  test('a new build raises refresh-available; Refresh reloads once into the new version', async ({ page, context }) => {
    await dismissNotices(context);
    await context.addCookies([{ name: 'cookie_consent', value: 'all', url: deployment.origin }]);
    await page.goto(`${deployment.origin}/royal`);
    await expect(page.getByTestId('header')).toBeVisible();
    await waitForWorker(page);
    await expect(page.locator('meta[name="landing-build"]')).toHaveCount(0);

    deployment.deployNewBuild('e2e-build-2');
    // Pages come from the network first, so the reload already shows the new build; the changed
    // sw.js installs beside the old worker and waits: refresh-available.
    await page.reload();
    await expect(page.locator('meta[name="landing-build"]')).toHaveAttribute('content', 'e2e-build-2');
    await expect(page.getByTestId('refresh-available')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('refresh-available')).toContainText('A new version of the site is available');
    expect(await storeState(page, 'pwa')).toMatchObject({ refreshAvailable: true });
    const workerBefore = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting !== null);
    expect(workerBefore).toBe(true);

    let loads = 0;
    page.on('load', () => loads++);
    await page.getByTestId('refresh-button').click();
    await expect.poll(() => loads, { timeout: 20_000 }).toBe(1);
    await expect(page.locator('meta[name="landing-build"]')).toHaveAttribute('content', 'e2e-build-2');
    await expect(page.getByTestId('header')).toBeVisible();
    await page.waitForTimeout(1500);
    expect(loads).toBe(1); // one reload, no loop
    await expect(page.getByTestId('refresh-available')).toHaveCount(0);
    // the new worker took over: nothing waits any more
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null)).toBeNull();
  });
});
