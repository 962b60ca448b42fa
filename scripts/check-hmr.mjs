#!/usr/bin/env node
/**
 * Proof that `npm run dev` updates the open page without a reload: in
 * Chromium it opens the home page of the development composition, switches the leaderboard to its
 * Teams tab (component state), marks the window, then edits a component of a remote
 * (mf-leaderboard/src/components/Leaderboard.tsx) and one of the shell (shell/src/layout/Footer.tsx). Each
 * edit must appear in the page while the window mark is still there (no full reload) and the Teams
 * tab is still chosen (React Fast Refresh kept the state). The files are restored afterwards, also
 * on failure.
 *
 *   node scripts/check-hmr.mjs            against a running `npm run dev` (same PORT_OFFSET), or
 *                                         starts one itself (and stops it) when none answers
 *   node scripts/check-hmr.mjs --timeout 60   seconds each edit may take to show (default 60)
 *
 * Exit code 0 when both edits showed without a reload, 1 otherwise. Chromium: CHROMIUM_PATH
 * (default /usr/bin/chromium).
 */
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { ports } from './ports.mjs';
import { originOf } from './lib/local-environment.mjs';
import { waitForUrl } from './lib/local-stack.mjs';
import { repoRoot } from './lib/remotes.mjs';

/**
 * One edit of a component file: `anchor` (a line of the file) gets `probe` after it.
 * @typedef {{ app: string, file: string, anchor: string, probe: string, testId: string }} Edit
 */

/** @type {Edit[]} */
const EDITS = [
  {
    app: 'mf-leaderboard (remote)',
    file: join(repoRoot, 'mf-leaderboard', 'src', 'components', 'Leaderboard.tsx'),
    anchor: '<section className="lb" aria-labelledby={ids.title} data-testid="leaderboard">',
    probe: '<p data-testid="hmr-probe-remote">hot edit of a remote</p>',
    testId: 'hmr-probe-remote',
  },
  {
    app: 'shell (host)',
    file: join(repoRoot, 'shell', 'src', 'layout', 'Footer.tsx'),
    anchor: '<footer className="footer" data-testid="footer">',
    probe: '<p data-testid="hmr-probe-shell">hot edit of the shell</p>',
    testId: 'hmr-probe-shell',
  },
];

/**
 * Applies `edit` to its file and returns a function that restores the original text.
 * @param {Edit} edit
 * @throws Error when the anchor line is not in the file (the component changed: update EDITS)
 */
function applyEdit(edit) {
  const original = readFileSync(edit.file, 'utf8');
  if (!original.includes(edit.anchor)) throw new Error(`${edit.file} has no line ${edit.anchor}`);
  writeFileSync(edit.file, original.replace(edit.anchor, `${edit.anchor}\n      ${edit.probe}`));
  return () => writeFileSync(edit.file, original);
}

/** Starts `scripts/dev.mjs` (its own process group) unless the shell's dev server answers. */
async function ensureDevServer() {
  const shellUrl = `${originOf(ports.shell)}/royal`;
  try {
    const r = await fetch(`${originOf(ports.shell)}/remotes.json`);
    const map = r.ok ? await r.json() : {};
    // In development remotes.json points at the dev servers' unversioned manifests.
    if (Object.values(map).every((u) => new URL(String(u)).pathname === '/mf-manifest.json')) return { stop: () => {} };
  } catch {
    /* nothing running */
  }
  console.log('› starting npm run dev (scripts/dev.mjs) …');
  const child = spawn(process.execPath, [join(repoRoot, 'scripts', 'dev.mjs')], { stdio: 'inherit', detached: true });
  await waitForUrl(`${originOf(ports.mf_leaderboard)}/mf-manifest.json`, 600_000, () =>
    child.exitCode !== null ? 'npm run dev exited' : null,
  );
  await waitForUrl(shellUrl, 600_000, () => (child.exitCode !== null ? 'npm run dev exited' : null));
  return { stop: () => process.kill(-child.pid, 'SIGTERM') };
}

async function main(argv) {
  const { values } = parseArgs({ args: argv, options: { timeout: { type: 'string', default: '60' } } });
  const timeoutMs = Number(values.timeout) * 1000;
  const dev = await ensureDevServer();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const restores = [];
  let failed = false;
  try {
    const page = await browser.newPage();
    const reloads = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) reloads.push(frame.url());
    });
    await page.goto(`${originOf(ports.shell)}/royal`);
    const board = page.getByTestId('leaderboard');
    await board.waitFor({ timeout: timeoutMs });
    const teams = board.getByRole('tab').nth(1);
    await teams.click();
    await page.evaluate(() => {
      window.__hmrMark = 'before the edits';
    });
    const navigationsBefore = reloads.length;
    for (const edit of EDITS) {
      const started = Date.now();
      restores.push(applyEdit(edit));
      await page.getByTestId(edit.testId).waitFor({ timeout: timeoutMs });
      const mark = await page.evaluate(() => window.__hmrMark);
      const teamsSelected = await teams.getAttribute('aria-selected');
      const ok = mark === 'before the edits' && reloads.length === navigationsBefore && teamsSelected === 'true';
      failed ||= !ok;
      console.log(
        `${ok ? '✓' : '✖'} ${edit.app}: edit shown in ${Date.now() - started} ms; window kept: ${mark === 'before the edits'}; navigations: ${reloads.length - navigationsBefore}; Teams tab still chosen: ${teamsSelected === 'true'}`,
      );
    }
    for (const restore of restores.splice(0).reverse()) restore();
    for (const edit of EDITS) await page.getByTestId(edit.testId).waitFor({ state: 'detached', timeout: timeoutMs });
    console.log('✓ files restored, probes gone from the page');
  } finally {
    for (const restore of restores.reverse()) restore();
    await browser.close();
    dev.stop();
  }
  if (failed) {
    console.error('✖ hot module replacement did not keep the page');
    process.exitCode = 1;
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  main(process.argv.slice(2)).catch((e) => {
    console.error(`✖ ${e.message}`);
    process.exit(1);
  });
}
