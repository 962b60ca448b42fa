/**
 * End-to-end tests against the served production build (scripts/serve.mjs) in Debian's Chromium
 * (`/usr/bin/chromium`; `npx playwright install` cannot download browsers here). Ports are moved
 * by PORT_OFFSET (default 100 → shell 3100, remotes 3101-3104, API 4100) so a running
 * `npm start` is not disturbed (the local OAuth provider too: 4900 + offset); the API gets a
 * fresh embedded database per run.
 */
import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HOST, REMOTES } from './shared/apps.mjs';

const offset = Number(process.env.E2E_PORT_OFFSET ?? 100);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'landing-e2e-'));
process.env.E2E_DATA_DIR = dataDir; // workers re-evaluate this file: keep one directory

/** The API's admin secret in e2e (`X-Admin-Secret` of the `/admin/*` routes). */
export const ADMIN_SECRET = 'e2e-admin-secret-0123456789-abcdefghijklmnop';
/** The change stream credential of the e2e API and every page server the specs start (scripts/env-server.mjs reads it). */
process.env.CHANGES_TOKEN ??= 'e2e-changes-token-0123456789-abcdefghijklmnop';

/** `mf_news` → `news` (the short names the specs use). */
const shortName = (name: string) => name.replace(/^mf_/, '');

/** Ports of the served apps (app registry, shared/apps.mjs) and of the API, moved by the offset. */
export const ports = {
  shell: HOST.port + offset,
  ...(Object.fromEntries(REMOTES.map((r) => [shortName(r.name), r.port + offset])) as Record<
    'auth' | 'news' | 'bets' | 'leaderboard',
    number
  >),
  api: 4000 + offset,
  /** First of the extra ports suites start servers on (delivery: +0…+3, ssr: +10…+19); moves with the offset. */
  extra: 3560 + offset,
  /** Local OAuth provider that scripts/serve.mjs starts outside production. */
  oauth: 4900 + offset,
};

export default defineConfig({
  testDir: './e2e',
  outputDir: `test-results/e2e-${offset}`,
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://localhost:${ports.shell}`,
    trace: 'retain-on-failure',
    // A worker would answer other suites' mocked requests; the offline suite allows it again.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
  webServer: {
    command: 'node scripts/serve.mjs',
    url: `http://localhost:${ports.shell}/config.json`,
    reuseExistingServer: false,
    timeout: 240_000,
    stdout: 'ignore',
    stderr: 'pipe',
    // DEV_FEATURES: the local social-login provider, the dev mailbox and the demo accounts the specs use.
    env: {
      PORT_OFFSET: String(offset),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ADMIN_SECRET,
      DEV_FEATURES: '1',
      CHANGES_TOKEN: process.env.CHANGES_TOKEN,
    },
  },
});
