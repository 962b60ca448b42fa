/**
 * Remote server code the page server runs: code that differs from its SHA-256 pin in remotes.json
 * is not run (the slot's fallback, with 200), a chunk lying on the page server's own disk where
 * the federation runtime used to look is never run instead of the pinned one fetched over HTTP
 * (shared/build/server-chunks-plugin.mjs), and remotes whose public URLs the server cannot reach
 * are rendered through the origin `--remote-origin` maps them to. Each case runs its own shell
 * server (scripts/env-server.mjs startSsrShell).
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { ports } from './fixtures';
import { leaderboardVersion, root, text } from './ssr-helpers';

test.describe('server code pinned by SHA-256 (remotes.json integrity)', () => {
  let work = '';
  let files: Server;
  let shell: { close: () => void } | null = null;
  const filesPort = ports.extra + 14;
  const shellPort = ports.extra + 15;
  let live: Record<string, string> = {};
  let pins: Record<string, string> = {};
  const url = (folder: string) => `http://localhost:${filesPort}/${folder}/${leaderboardVersion}/mf-manifest.json`;
  /** URL path prefix of the `shadow` copy: a real folder of this machine (see the chunk test). */
  const shadow = () => join(work, 'shadow');
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
      const asked = (req.url ?? '/').split('?')[0]!;
      // The `shadow` URL path is a folder of this machine's disk; the build served there is the pinned one.
      const path = asked.startsWith(`${shadow()}/`) ? join('pinned', asked.slice(shadow().length)) : asked;
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

  test('a chunk on the page server’s disk at the remote’s URL path is never run: the pinned chunk comes over HTTP', async () => {
    // The remote's URL path is a real folder of this machine; broken copies of its server chunks
    // lie there, where @module-federation/node's loader would read them from disk, unpinned.
    const chunks = join(work, 'static', 'pinned', leaderboardVersion, 'server', 'chunks');
    const local = join(shadow(), leaderboardVersion, 'server', 'chunks');
    mkdirSync(local, { recursive: true });
    for (const name of readdirSync(chunks))
      writeFileSync(join(local, name), `throw new Error('tampered local chunk');\n${readFileSync(join(chunks, name), 'utf8')}`);
    writeFileSync(
      join(work, 'env', 'remotes.json'),
      JSON.stringify({
        ...live,
        mf_leaderboard: `http://localhost:${filesPort}${shadow()}/${leaderboardVersion}/mf-manifest.json`,
        integrity: { mf_leaderboard: pins },
      }),
    );
    await expect
      .poll(async () => slotOf(await (await fetch(`http://localhost:${shellPort}/royal`)).text()).includes('data-testid="leaderboard"'), {
        timeout: 20_000,
        intervals: [500, 1000, 2000],
      })
      .toBe(true);
  });
});

test.describe('remotes whose public URLs the server cannot reach', () => {
  // Containers: the browser loads mf-news from http://localhost:3002, the page server from the
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
