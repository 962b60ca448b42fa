/**
 * End-to-end tests against the served production build (scripts/serve.mjs) in Debian's Chromium
 * (`CHROMIUM` below; `npx playwright install` cannot download browsers here).
 *
 * Each worker has a whole local deployment of its own (a "stack", e2e/serve-stack.mjs: shell,
 * remotes, API with its own copy of a database seeded once per run, local OAuth provider), so tests that write data, rewrite the environment's
 * remotes.json or start servers on extra ports never meet another worker's. Worker slot i (Playwright's
 * TEST_PARALLEL_INDEX, 0 … workers − 1) uses the ports moved by E2E_PORT_OFFSET + 100·i (default
 * offset 100 → slot 0: shell 3100, remotes 3101-3104, API 4100, OAuth 5000; slot 1: 3200…, 4200,
 * 5100), so a running `npm start` is not disturbed. Workers: E2E_WORKERS, or `--workers N`, else 2.
 * The delivery suite's extra builds are made once before the suite (e2e/global-setup.ts).
 */
import { defineConfig } from '@playwright/test';
import { existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HOST, REMOTES } from './shared/apps.mjs';

const baseOffset = Number(process.env.E2E_PORT_OFFSET ?? 100);

/**
 * The browser: Debian's chromium-headless-shell (Chromium's headless-only build, the one Playwright
 * itself runs headless tests on) when installed, else Debian's full chromium in headless mode. The
 * shell has no browser UI to start and runs the suite in less CPU time (CONTRIBUTING.md gives the
 * stage times). CHROMIUM_PATH overrides both.
 */
const CHROMIUM = existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium';

/** `--workers N`, `--workers=N`, `-j N` or `-j=N` on Playwright's command line, when a whole number. */
function workersFromArgs(argv: string[]): number | undefined {
  for (let i = 0; i < argv.length; i++) {
    const m = /^(?:--workers|-j)(?:=(\d+))?$/.exec(argv[i]!);
    if (!m) continue;
    const value = m[1] ?? argv[i + 1];
    return value && /^\d+$/.test(value) ? Number(value) : undefined;
  }
  return undefined;
}

/** How many workers, and so stacks, the run has. */
const workers = Number(process.env.E2E_WORKERS ?? workersFromArgs(process.argv) ?? 2);
process.env.E2E_WORKERS = String(workers); // workers re-evaluate this file: the same count

/** Port offset of worker slot `i`'s stack. */
const offsetOf = (i: number) => baseOffset + 100 * i;
/** This process's worker slot: set in a worker, 0 in the runner. */
const slot = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
if (slot >= workers) throw new Error(`worker slot ${slot} has no stack: set E2E_WORKERS to ${slot + 1} or more`);

const dataRoot = process.env.E2E_DATA_ROOT ?? mkdtempSync(join(tmpdir(), 'landing-e2e-'));
process.env.E2E_DATA_ROOT = dataRoot; // workers re-evaluate this file: keep one folder
/** DATA_DIR of worker slot `i`'s stack (its PGlite database and its local environment). */
const dataDirOf = (i: number) => join(dataRoot, `stack-${i}`);
for (let i = 0; i < workers; i++) mkdirSync(dataDirOf(i), { recursive: true });
/** This worker's DATA_DIR (specs read the environment's remotes.json from `<dir>/local/`). */
process.env.E2E_DATA_DIR = dataDirOf(slot);

/** The API's admin secret in e2e (`X-Admin-Secret` of the `/admin/*` routes). */
export const ADMIN_SECRET = 'e2e-admin-secret-0123456789-abcdefghijklmnop';
/** The change stream credential of the e2e API and every page server the specs start (scripts/env-server.mjs reads it). */
const CHANGES_TOKEN = (process.env.CHANGES_TOKEN ??= 'e2e-changes-token-0123456789-abcdefghijklmnop');

/** `mf_news` → `news` (the short names the specs use). */
const shortName = (name: string) => name.replace(/^mf_/, '');

/** Ports of the stack of worker slot `i`: the served apps (shared/apps.mjs) and the API, moved by its offset. */
function portsOf(i: number) {
  const o = offsetOf(i);
  return {
    shell: HOST.port + o,
    ...(Object.fromEntries(REMOTES.map((r) => [shortName(r.name), r.port + o])) as Record<
      'auth' | 'news' | 'bets' | 'leaderboard',
      number
    >),
    api: 4000 + o,
    /** First of the extra ports suites start servers on (delivery: +0…+3, ssr: +10…+19); moves with the offset. */
    extra: 3560 + o,
    /** Local OAuth provider that scripts/serve.mjs starts outside production. */
    oauth: 4900 + o,
  };
}

/** Ports of this worker's stack. */
export const ports = portsOf(slot);

export default defineConfig({
  testDir: './e2e',
  outputDir: `test-results/e2e-${baseOffset}`,
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: false,
  workers,
  retries: process.env.CI ? 1 : 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  // `list` ends with the tests that failed and those that passed only on their retry ("flaky").
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${ports.shell}`,
    // Recording a trace costs a passing test as much as a failing one: only a retry records one
    // (CI retries once), and `--trace on` records them all when a failure needs reading.
    trace: 'on-first-retry',
    // A worker would answer other suites' mocked requests; the offline suite allows it again.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-dev-shm-usage',
      ],
    },
  },
  // One stack per worker slot before the first test, their databases copies of one seeded database.
  webServer: Array.from({ length: workers }, (_, i) => ({
    command: 'node e2e/serve-stack.mjs',
    url: `http://localhost:${portsOf(i).shell}/config.json`,
    reuseExistingServer: false,
    timeout: 240_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    // DEV_FEATURES: the local social-login provider, the dev mailbox and the demo accounts the specs use.
    env: {
      PORT_OFFSET: String(offsetOf(i)),
      DATA_DIR: dataDirOf(i),
      E2E_DATA_ROOT: dataRoot,
      LOG_LEVEL: 'warn',
      ADMIN_SECRET,
      DEV_FEATURES: '1',
      CHANGES_TOKEN,
    },
  })),
});
