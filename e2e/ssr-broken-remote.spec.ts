/**
 * A remote that is down, answers 500, is slow or serves broken server code never breaks the page:
 * it answers 200 with that slot's translated fallback, about as fast as a healthy page, and the
 * browser renders the slot itself. The cases run their own shell server (scripts/env-server.mjs
 * startSsrShell) whose remotes.json points a remote at a broken host; the API is the one
 * playwright.config.ts starts.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { openPage, ports } from './fixtures';
import { leaderboardVersion, root, text } from './ssr-helpers';

/** How long the slow remote takes to answer its manifest (ms): over the SSR render budget (600 ms) and fetch timeout (2 s). */
const SLOW_MANIFEST_MS = 3000;

test.describe('a broken remote never breaks a page', () => {
  let work = '';
  let brokenStatic: Server;
  let shell: { close: () => void } | null = null;
  const brokenPort = ports.extra + 10;
  const shellPort = ports.extra + 11;
  const closedPort = ports.extra + 19; // nothing listens there
  const envDir = () => join(work, 'env');
  /** The remotes of the e2e deployment (all healthy). */
  let live: Record<string, string> = {};

  /** Points mf_leaderboard at `url` (the page server reads remotes.json again when it changes, within 1 s). */
  function useLeaderboard(url: string) {
    writeFileSync(join(envDir(), 'remotes.json'), JSON.stringify({ ...live, mf_leaderboard: url }));
  }

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    work = mkdtempSync(join(tmpdir(), 'ssr-e2e-'));
    // A copy of the real leaderboard build whose server code does not even parse.
    const broken = join(work, 'static', 'broken', leaderboardVersion);
    cpSync(join(root, 'mf-leaderboard', 'dist', leaderboardVersion), broken, { recursive: true });
    writeFileSync(join(broken, 'server', 'remoteEntry.js'), 'this is { not javascript');
    // An intact copy served slowly.
    cpSync(join(root, 'mf-leaderboard', 'dist', leaderboardVersion), join(work, 'static', 'slow', leaderboardVersion), { recursive: true });
    const files = join(work, 'static');
    brokenStatic = createServer((req, res) => {
      const path = (req.url ?? '/').split('?')[0]!;
      res.setHeader('Access-Control-Allow-Origin', '*');
      if (path.startsWith('/error500/')) return void res.writeHead(500).end('upstream failed');
      // A slow remote: its manifest comes after 3 s (over the server's render budget), the rest at once.
      const delay = path.startsWith('/slow/') && path.endsWith('mf-manifest.json') ? SLOW_MANIFEST_MS : 0;
      setTimeout(() => {
        try {
          const body = readFileSync(join(files, path));
          res.writeHead(200, { 'Content-Type': path.endsWith('.json') ? 'application/json' : 'text/javascript' });
          res.end(body);
        } catch {
          res.writeHead(404).end('not found');
        }
      }, delay);
    });
    await new Promise<void>((r) => brokenStatic.listen(brokenPort, 'localhost', () => r()));
    mkdirSync(envDir(), { recursive: true });
    live = await (await fetch(`http://localhost:${ports.shell}/remotes.json`)).json();
    writeFileSync(join(envDir(), 'remotes.json'), JSON.stringify(live));
    writeFileSync(
      join(envDir(), 'config.json'),
      JSON.stringify({ environment: 'e2e-broken', production: false, gameUrlTemplate: 'https://{server}.game.example/' }),
    );
    const { startSsrShell } = await import('../scripts/env-server.mjs');
    shell = await startSsrShell({ port: shellPort, envDir: envDir(), apiOrigin: `http://localhost:${ports.api}` });
  });

  test.afterAll(() => {
    shell?.close();
    brokenStatic?.close();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  /** Median time (ms) of three loads of /royal on the failure server (warm). */
  async function timeHome(): Promise<{ ms: number; status: number; body: string }> {
    const runs: Array<{ ms: number; status: number; body: string }> = [];
    for (let i = 0; i < 3; i++) {
      const t0 = performance.now();
      const res = await fetch(`http://localhost:${shellPort}/royal`);
      const body = await res.text();
      runs.push({ ms: performance.now() - t0, status: res.status, body });
    }
    return runs.sort((a, b) => a.ms - b.ms)[1]!;
  }

  const slotOf = (body: string) =>
    /data-remote="mf_leaderboard"[^>]*>([\s\S]*?)<\/section>\s*<section class="devices/.exec(body)?.[1] ?? '';

  for (const [label, url, inBrowser] of [
    ['down', `http://localhost:${closedPort}/${leaderboardVersion}/mf-manifest.json`, 'fallback'],
    ['answering 500', `http://localhost:${brokenPort}/error500/${leaderboardVersion}/mf-manifest.json`, 'fallback'],
    // only its server build is broken: the browser renders the slot from the browser build
    ['serving broken server code', `http://localhost:${brokenPort}/broken/${leaderboardVersion}/mf-manifest.json`, 'rendered'],
    // slow: the server does not wait for it; the browser gets it 3 s later and renders the slot
    ['slow', `http://localhost:${brokenPort}/slow/${leaderboardVersion}/mf-manifest.json`, 'rendered'],
  ] as const) {
    test(`mf_leaderboard ${label}: 200 with the slot's fallback, on time; the browser retries the slot`, async ({ page }) => {
      useLeaderboard(live.mf_leaderboard!);
      // The healthy composition renders the slot on the server. On a busy machine its first render
      // after the switch may miss the budget, and that page is cached for 5 s: ask until it is in.
      let healthy = await timeHome();
      await expect
        .poll(async () => slotOf((healthy = await timeHome()).body), { timeout: 20_000, intervals: [1_000] })
        .toContain('data-testid="leaderboard"');
      expect(healthy.status).toBe(200);

      useLeaderboard(url);
      const broken = await timeHome();
      expect(broken.status).toBe(200);
      expect(slotOf(broken.body)).toContain('This section is temporarily unavailable');
      expect(broken.body).toContain('Create your footballer and become a legend'); // the rest of the page is there
      expect(broken.body).toContain('data-testid="news-teaser"');
      expect(broken.ms).toBeLessThan(healthy.ms + 1000);

      // The browser tries the slot again: a remote that is down for the browser too shows the
      // fallback with a retry button, one whose browser build works renders; the rest of the
      // page hydrates and works.
      await openPage(page, `http://localhost:${shellPort}/royal`);
      const slot = page.locator('.remote-slot[data-remote="mf_leaderboard"]');
      await slot.scrollIntoViewIfNeeded(); // a below-the-fold slot loads its code when the reader gets there
      if (inBrowser === 'fallback') await expect(slot.getByRole('button', { name: 'Try again' })).toBeVisible();
      else await expect(slot.getByTestId('leaderboard').locator('tbody tr').first()).toBeVisible({ timeout: SLOW_MANIFEST_MS + 10_000 });
      await expect(page.getByTestId('news-teaser')).toBeVisible();
      await page.getByTestId('switcher-toggle').click();
      await page.getByTestId('lang-pl').click();
      await expect(page.locator('html')).toHaveAttribute('lang', 'pl');
    });
  }
});

test.describe('each remote down: its page still answers 200 with the fallback', () => {
  let shell: { close: () => void } | null = null;
  let work = '';
  const shellPort = ports.extra + 13;
  const closedPort = ports.extra + 19; // nothing listens there

  test.beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'ssr-down-'));
    const live = await (await fetch(`http://localhost:${ports.shell}/remotes.json`)).json();
    const down = Object.fromEntries(Object.keys(live).map((name) => [name, `http://localhost:${closedPort}/${name}/mf-manifest.json`]));
    writeFileSync(join(work, 'remotes.json'), JSON.stringify(down));
    writeFileSync(
      join(work, 'config.json'),
      JSON.stringify({ environment: 'e2e-down', production: false, gameUrlTemplate: 'https://{server}.game.example/' }),
    );
    const { startSsrShell } = await import('../scripts/env-server.mjs');
    shell = await startSsrShell({ port: shellPort, envDir: work, apiOrigin: `http://localhost:${ports.api}` });
  });

  test.afterAll(() => {
    shell?.close();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  for (const [remote, path] of [
    ['mf_news', '/royal/news'],
    ['mf_bets', '/royal/bets'],
    ['mf_auth', '/royal/join'],
  ] as const) {
    test(`${remote} down: ${path} answers 200 with the header, the footer and the slot's fallback`, async ({ page }) => {
      const res = await fetch(`http://localhost:${shellPort}${path}`);
      const body = await res.text();
      expect(res.status).toBe(200);
      expect(body).toContain(`data-remote="${remote}"`);
      expect(text(body)).toContain('This section is temporarily unavailable');
      expect(body).toContain('data-testid="header"');
      expect(body).toContain('data-testid="footer"');
      await openPage(page, `http://localhost:${shellPort}${path}`);
      await expect(page.locator(`.remote-slot[data-remote="${remote}"]`).getByRole('button', { name: 'Try again' })).toBeVisible();
    });
  }
});
