/**
 * Server-side rendering of the federated composition:
 *   - the HTML itself carries the page: hero and stats, an article with its comments, the bets
 *     matches, in the language of the `i18n_redirected` cookie; SEO head per page;
 *   - the browser hydrates it without a hydration warning and without fetching the page's data again;
 *   - a remote that is down, answers 500 or serves broken server code never breaks the page: it
 *     answers 200 with that slot's translated fallback, about as fast as a healthy page, and the
 *     browser renders the slot itself;
 *   - server code that differs from its SHA-256 pin in remotes.json is not run: the slot's fallback
 *     again, with 200.
 * The failure cases run their own shell server (scripts/env-server.mjs startSsrShell) whose
 * remotes.json points mf_leaderboard at a broken host; the API is the one playwright.config.ts starts.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { apiBase, openPage, ports } from './fixtures';

const root = join(__dirname, '..');
/** How long the slow remote takes to answer its manifest (ms): over the SSR render budget (600 ms) and fetch timeout (2 s). */
const SLOW_MANIFEST_MS = 3000;
const leaderboardVersion = JSON.parse(readFileSync(join(root, 'mf-leaderboard', 'package.json'), 'utf8')).version as string;

/** GET without a browser, as a crawler or curl sees the page. */
async function html(path: string, cookie = ''): Promise<{ status: number; text: string }> {
  const res = await fetch(`http://localhost:${ports.shell}${path}`, { headers: { cookie }, redirect: 'manual' });
  return { status: res.status, text: await res.text() };
}

const text = (s: string) =>
  s
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, ' ');

test.describe('the HTML carries the page', () => {
  test('/royal: hero heading and the three stats numbers, with SEO head', async ({ request }) => {
    const stats = await (await request.get(`${apiBase('royal')}/stats`)).json();
    const { status, text: page } = await html('/royal');
    expect(status).toBe(200);
    expect(page).toMatch(/<h1[^>]*>Create your footballer and become a legend<\/h1>/);
    for (const [id, value] of [
      ['registeredUsers', stats.users],
      ['numberOfTeams', stats.teams],
    ] as const) {
      expect(page).toContain(`data-testid="stat-${id}" data-value="${value}"`);
      expect(page).toContain(`>${new Intl.NumberFormat('en-US').format(value)}<`);
    }
    expect(page).toMatch(/data-testid="stat-onlineUsers" data-value="\d+"/);
    expect(page).toMatch(/<html lang="en">/);
    expect(page).toMatch(/<title>Free online football manager · Royal · Football Team<\/title>/);
    expect(page).toMatch(/<meta name="description" content="Train every day/);
    expect(page.match(/<meta name="description"/g)).toHaveLength(1); // the page's, not also the build's generic one
    expect(page).toContain(`<link rel="canonical" href="http://localhost:${ports.shell}/royal">`);
    expect(page).toMatch(/<meta property="og:title" content="Free online football manager · Royal">/);
  });

  test('an article: title, body, comments, Open Graph of the article; the cookie language', async ({ request }) => {
    const list = await (await request.get(`${apiBase('royal')}/news?page=1&per_page=9`)).json();
    const slug = list.items[0].slug as string;
    const article = await (await request.get(`${apiBase('royal')}/news/${slug}`)).json();
    const { status, text: page } = await html(`/royal/news/${slug}`);
    expect(status).toBe(200);
    const visible = text(page);
    expect(visible).toContain(article.title);
    expect(visible).toContain(text(article.body).trim().slice(0, 60));
    for (const c of article.comments.slice(0, 3)) expect(visible).toContain(c.text);
    expect(page).toMatch(/<meta property="og:type" content="article">/);
    expect(page).toContain(`<meta property="og:title" content="${article.title.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}">`);

    const ru = await html(`/royal/news/${slug}`, 'i18n_redirected=ru');
    const ruArticle = await (await request.get(`${apiBase('royal')}/news/${slug}`, { headers: { 'X-Lang': 'ru' } })).json();
    expect(ru.text).toMatch(/<html lang="ru">/);
    expect(text(ru.text)).toContain(ruArticle.title);
    expect(text(ru.text)).toContain('Все новости'); // the remote's own strings, in Russian
  });

  test('/royal/bets: the matches, in Russian with the cookie', async ({ request }) => {
    const t = await (await request.get(`${apiBase('royal')}/bets/tournaments`)).json();
    const matches = await (await request.get(`${apiBase('royal')}/bets/tournaments/${t.current}/matches`)).json();
    const { status, text: page } = await html('/royal/bets', 'i18n_redirected=ru');
    expect(status).toBe(200);
    expect(page).toMatch(/<html lang="ru">/);
    const ids = matches.stages.flatMap((s: { matches: Array<{ id: number }> }) => s.matches.map((m) => m.id));
    expect(ids.length).toBeGreaterThan(0);
    for (const id of ids) expect(page).toContain(`data-testid="match-${id}"`);
    expect(text(page)).toContain('Прогнозы'); // the tab "Bet matches" in Russian
  });

  test('unknown pages answer 404, the root redirects to the remembered server', async () => {
    expect((await html('/royal/nothing-here')).status).toBe(404);
    expect((await html('/royal/news/list/abc')).status).toBe(404);
    const root = await html('/', 'ft-lang-last-locale=pl');
    expect(root.status).toBe(302);
  });
});

test.describe('compression (brotli and gzip with Vary)', () => {
  /** Content-Encoding and Vary of a GET with `Accept-Encoding: <encoding>` (body read and dropped). */
  async function encodingOf(url: string, encoding: string) {
    const res = await fetch(url, { headers: { 'Accept-Encoding': encoding } });
    await res.arrayBuffer();
    return { status: res.status, encoding: res.headers.get('content-encoding'), vary: res.headers.get('vary') ?? '' };
  }

  test('pages, the shell and remote scripts, and API answers', async () => {
    const page = await fetch(`http://localhost:${ports.shell}/royal`);
    const scripts = [...(await page.text()).matchAll(/<script[^>]+src="([^"]+\.js)"/g)].map((m) => new URL(m[1]!, page.url).href);
    const remoteEntry = (await (await fetch(`http://localhost:${ports.shell}/remotes.json`)).json()).mf_news.replace(
      'mf-manifest.json',
      'remoteEntry.js',
    );
    for (const [url, encodings] of [
      [`http://localhost:${ports.shell}/royal`, ['br', 'gzip']],
      [scripts.find((u) => u.includes('/assets/'))!, ['br', 'gzip']],
      [remoteEntry, ['br', 'gzip']],
      [`${apiBase('royal')}/news?page=1&per_page=9`, ['br', 'gzip']],
    ] as const) {
      for (const encoding of encodings) {
        const answer = await encodingOf(url, encoding);
        expect(answer.status, url).toBe(200);
        expect(answer.encoding, `${url} with ${encoding}`).toBe(encoding);
        expect(answer.vary.toLowerCase(), url).toContain('accept-encoding');
      }
      expect((await encodingOf(url, 'identity')).encoding, url).toBeNull();
    }
  });
});

test.describe('hydration', () => {
  for (const lang of ['en', 'ru']) {
    test(`five pages hydrate in ${lang} without a warning and without fetching their data again`, async ({ page, context, request }) => {
      await context.addCookies([{ name: 'i18n_redirected', value: lang, url: `http://localhost:${ports.shell}` }]);
      const list = await (await request.get(`${apiBase('royal')}/news?page=1&per_page=9`)).json();
      const problems: string[] = [];
      page.on('console', (m) => {
        if ((m.type() === 'error' || m.type() === 'warning') && /hydrat|#418|#423|#425|did not match|mismatch/i.test(m.text()))
          problems.push(m.text());
      });
      const dataCalls: string[] = [];
      page.on('request', (r) => {
        const url = r.url();
        if (url.startsWith(`http://localhost:${ports.api}/`) && !/news-images/.test(url)) dataCalls.push(url);
      });
      for (const path of ['/royal', '/royal/news', `/royal/news/${list.items[0].slug}`, '/royal/bets', '/royal/join']) {
        await openPage(page, path);
        await expect(page.locator('#root')).toHaveAttribute('data-render', 'hydrate');
      }
      expect(problems).toEqual([]);
      expect(dataCalls).toEqual([]);
    });
  }
});

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

  /** Points mf_leaderboard at `url` (the shell server re-reads remotes.json on every request). */
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
      const healthy = await timeHome();
      expect(healthy.status).toBe(200);
      expect(slotOf(healthy.body)).toContain('data-testid="leaderboard"');

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

test.describe('server code pinned by SHA-256 (remotes.json integrity)', () => {
  let work = '';
  let files: Server;
  let shell: { close: () => void } | null = null;
  const filesPort = ports.extra + 14;
  const shellPort = ports.extra + 15;
  let live: Record<string, string> = {};
  let pins: Record<string, string> = {};
  const url = (folder: string) => `http://localhost:${filesPort}/${folder}/${leaderboardVersion}/mf-manifest.json`;
  const slotOf = (body: string) => /data-remote="mf_leaderboard"[^>]*>([\s\S]{0,400})/.exec(body)?.[1] ?? '';
  function useLeaderboard(folder: string) {
    writeFileSync(
      join(work, 'env', 'remotes.json'),
      JSON.stringify({ ...live, mf_leaderboard: url(folder), integrity: { mf_leaderboard: pins } }),
    );
  }

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    work = mkdtempSync(join(tmpdir(), 'ssr-pins-'));
    const build = join(root, 'mf-leaderboard', 'dist', leaderboardVersion);
    // The pins of the real build, as the e2e deployment's remotes.json has them (the local stack
    // writes them as scripts/deploy.mjs does); two copies of the build are served, the server entry
    // of one then changed (valid JavaScript that would still work).
    const local = JSON.parse(readFileSync(join(process.env.E2E_DATA_DIR!, 'local', 'remotes.json'), 'utf8'));
    pins = local.integrity.mf_leaderboard;
    expect(pins['server/remoteEntry.js']).toMatch(/^sha256-/);
    for (const name of ['pinned', 'tampered']) cpSync(build, join(work, 'static', name, leaderboardVersion), { recursive: true });
    const tampered = join(work, 'static', 'tampered', leaderboardVersion, 'server', 'remoteEntry.js');
    writeFileSync(tampered, `${readFileSync(tampered, 'utf8')}\n;globalThis.__landingTampered = true;\n`);
    files = createServer((req, res) => {
      const path = (req.url ?? '/').split('?')[0]!;
      res.setHeader('Access-Control-Allow-Origin', '*');
      try {
        const body = readFileSync(join(work, 'static', path));
        res.writeHead(200, { 'Content-Type': path.endsWith('.json') ? 'application/json' : 'text/javascript' }).end(body);
      } catch {
        res.writeHead(404).end('not found');
      }
    });
    await new Promise<void>((r) => files.listen(filesPort, 'localhost', () => r()));
    mkdirSync(join(work, 'env'), { recursive: true });
    live = await (await fetch(`http://localhost:${ports.shell}/remotes.json`)).json();
    useLeaderboard('pinned');
    writeFileSync(join(work, 'env', 'config.json'), JSON.stringify({ environment: 'e2e-pins', production: false }));
    const { startSsrShell } = await import('../scripts/env-server.mjs');
    shell = await startSsrShell({ port: shellPort, envDir: join(work, 'env'), apiOrigin: `http://localhost:${ports.api}` });
  });

  test.afterAll(() => {
    shell?.close();
    files?.close();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  test('the pinned build is rendered on the server; a tampered server entry is refused: 200 with the slot fallback', async () => {
    useLeaderboard('pinned');
    // Polled: a slow machine may miss the warm-up's fetch timeout (the server retries within seconds).
    await expect
      .poll(async () => slotOf(await (await fetch(`http://localhost:${shellPort}/royal`)).text()).includes('data-testid="leaderboard"'), {
        timeout: 20_000,
        intervals: [500, 1000, 2000],
      })
      .toBe(true);

    useLeaderboard('tampered');
    const res = await fetch(`http://localhost:${shellPort}/royal`);
    const body = await res.text();
    expect(res.status).toBe(200);
    expect(text(slotOf(body))).toContain('This section is temporarily unavailable');
    expect(body).not.toContain('data-testid="leaderboard"');
    expect(body).toContain('Create your footballer and become a legend'); // the rest of the page is there
    expect(body).toContain('data-testid="news-teaser"');
  });
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

test.describe('remotes whose public URLs the server cannot reach', () => {
  // Containers: the browser loads mf-news from http://localhost:3002, the SSR server from the
  // `mf-news` service. --remote-origin maps one to the other for the server's fetches only.
  let work = '';
  let shell: { close: () => void } | null = null;
  const shellPort = ports.extra + 12;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    work = mkdtempSync(join(tmpdir(), 'ssr-origin-'));
    const live = (await (await fetch(`http://localhost:${ports.shell}/remotes.json`)).json()) as Record<string, string>;
    const realOrigin = new URL(live.mf_leaderboard!).origin;
    // A public origin that does not resolve at all (RFC 2606 .invalid) for mf_leaderboard.
    const publicOrigin = 'http://leaderboard.landing.invalid';
    const remotes = { ...live, mf_leaderboard: live.mf_leaderboard!.replace(realOrigin, publicOrigin) };
    writeFileSync(join(work, 'remotes.json'), JSON.stringify(remotes));
    writeFileSync(join(work, 'config.json'), JSON.stringify({ environment: 'e2e-origins', production: false }));
    const { startSsrShell } = await import('../scripts/env-server.mjs');
    shell = await startSsrShell({
      port: shellPort,
      envDir: work,
      apiOrigin: `http://localhost:${ports.api}`,
      extraArgs: ['--remote-origin', `${publicOrigin}=${realOrigin}`],
    });
  });

  test.afterAll(() => {
    shell?.close();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  test('the server renders the remote through the mapped origin and gives the browser the public URLs', async () => {
    // A slow machine may miss the warm-up's fetch timeout: the server retries the remote within
    // seconds, so poll; without the mapping the slot would never be server-rendered.
    let body = '';
    await expect
      .poll(
        async () => {
          const res = await fetch(`http://localhost:${shellPort}/royal`);
          body = await res.text();
          const slot = /data-remote="mf_leaderboard"[^>]*>([\s\S]{0,400})/.exec(body)?.[1] ?? '';
          return `${res.status} ${slot.includes('data-testid="leaderboard"') ? 'server-rendered' : 'fallback'}`;
        },
        { timeout: 20_000, intervals: [500, 1000, 2000] },
      )
      .toBe('200 server-rendered');
    // The page's own links (styles, page data) name the public origin, never the mapped one.
    expect(body).toContain('http://leaderboard.landing.invalid/');
    const remotesJson = await (await fetch(`http://localhost:${shellPort}/remotes.json`)).json();
    expect(remotesJson.mf_leaderboard).toMatch(/^http:\/\/leaderboard\.landing\.invalid\//);
  });
});
