/**
 * The server-rendered HTML is valid HTML: every main page, as the page server sends it, in English
 * and Russian, goes through the Nu Html Checker (the engine of the W3C validator, npm `vnu-jar`),
 * and no error is allowed. The checker is a Java program: without Java this test fails and says
 * how to install it (Debian: `apt-get install default-jre-headless`).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import vnuJar from 'vnu-jar';
import { ADMIN_SECRET, ports } from './fixtures';

const SHELL = `http://localhost:${ports.shell}`;
const ADMIN = { 'X-Admin-Secret': ADMIN_SECRET };
const LANGS = ['en', 'ru'] as const;

/**
 * Pages and what their HTML must contain to count as rendered: a slot whose remote missed the
 * render budget is sent as its fallback, which would leave the remote's own markup unchecked.
 */
const PAGES: Array<{ path: string; status: number; marker: string }> = [
  { path: '/royal', status: 200, marker: 'data-testid="leaderboard"' },
  { path: '/royal/news', status: 200, marker: 'data-testid="news-card"' },
  { path: '/royal/news/list/2', status: 200, marker: 'data-testid="news-list"' },
  { path: '/royal/news/new-season-kicks-off', status: 200, marker: 'data-testid="comments"' },
  { path: '/royal/news/poll-favourite-formation', status: 200, marker: 'data-testid="news-poll"' },
  { path: '/royal/news/no-such-article', status: 404, marker: 'data-testid="header"' },
  { path: '/royal/bets', status: 200, marker: 'data-testid="match-' },
  { path: '/royal/bets-ranking', status: 200, marker: 'data-testid="ranking-table"' },
  { path: '/royal/bets-rules', status: 200, marker: 'data-testid="rules-points"' },
  { path: '/royal/join', status: 200, marker: 'data-testid="register-form"' },
  { path: '/royal/join/p/acme', status: 200, marker: 'data-testid="register-form"' },
  { path: '/royal/affiliate', status: 200, marker: 'data-testid="affiliate-page"' },
  { path: '/royal/composition', status: 200, marker: 'data-testid="composition-page"' },
  { path: '/royal/account-activation', status: 200, marker: 'data-testid="activation-account"' }, // the token is in the fragment
  { path: '/royal/email-activation', status: 200, marker: 'data-testid="activation-email"' }, // the token is in the fragment
  { path: '/royal/password-activation', status: 200, marker: 'data-testid="activation-password"' }, // the token is in the fragment
  { path: '/royal/account-activation/short', status: 404, marker: 'data-testid="not-found"' },
  { path: '/royal/no-such-page', status: 404, marker: 'data-testid="not-found"' },
];

/** One message of `vnu --format json`. */
interface VnuMessage {
  type: 'error' | 'info' | 'non-document-error';
  subType?: string;
  url?: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

/**
 * Runs the Nu Html Checker over `files` (errors only).
 * @returns each error as "<file>: <message> [<extract>]"
 * @throws when Java is missing or the checker gives no JSON report
 */
function vnuErrors(files: string[]): string[] {
  const java = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (java.error || java.status !== 0) {
    throw new Error(
      'Java is missing: the Nu Html Checker (npm vnu-jar) is a Java program. Install a runtime, e.g. `apt-get install -y default-jre-headless` on Debian.',
    );
  }
  const run = spawnSync('java', ['-jar', String(vnuJar), '--errors-only', '--format', 'json', '--stdout', ...files], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  let report: { messages: VnuMessage[] };
  try {
    report = JSON.parse(run.stdout) as { messages: VnuMessage[] };
  } catch {
    throw new Error(`the Nu Html Checker gave no JSON report (exit ${run.status}): ${run.stderr || run.stdout}`);
  }
  return report.messages
    .filter((m) => m.type !== 'info')
    .map((m) => `${(m.url ?? '').split('/').pop()}:${m.lastLine ?? '?'}: ${m.message} [${(m.extract ?? '').trim()}]`);
}

/** The server's HTML of `path` in `lang` (language cookie), fetched again while a slot came back as its fallback. */
async function serverHtml(request: APIRequestContext, path: string, lang: string, status: number, marker: string): Promise<string> {
  for (let attempt = 0; attempt < 4; attempt++) {
    const res = await request.get(`${SHELL}${path}`, { headers: { Cookie: `i18n_redirected=${lang}` }, maxRedirects: 0 });
    expect(res.status(), `${lang} ${path}`).toBe(status);
    const html = await res.text();
    if (html.includes(marker)) return html;
  }
  throw new Error(`${lang} ${path}: the server HTML never contained ${marker}`);
}

test.describe('server HTML is valid (Nu Html Checker)', () => {
  test('every main page, the 404s and the technical break, in en and ru: 0 errors', async ({ request }) => {
    test.setTimeout(180_000);
    const dir = mkdtempSync(join(tmpdir(), 'landing-html-'));
    try {
      const files: string[] = [];
      const save = (name: string, html: string) => {
        const file = join(dir, `${name.replace(/[^a-z0-9]+/gi, '_')}.html`);
        writeFileSync(file, html);
        files.push(file);
      };
      for (const lang of LANGS) {
        for (const { path, status, marker } of PAGES) {
          const html = await serverHtml(request, path, lang, status, marker);
          expect(html, `${lang} ${path}`).toContain(`<html lang="${lang}"`);
          save(`${lang}${path}`, html);
        }
      }
      // The technical break (spec §4): the server answers 503 with the maintenance page.
      const on = await request.post(`http://localhost:${ports.api}/admin/technical-break`, {
        headers: ADMIN,
        data: { enabled: true, server: 'royal' },
      });
      expect(on.status()).toBe(200);
      try {
        for (const lang of LANGS) {
          for (const path of ['/royal', '/royal/news']) {
            // A cached page learns of the switch through the API's change stream, within 5 s.
            await expect
              .poll(
                async () =>
                  (await request.get(`${SHELL}${path}`, { headers: { Cookie: `i18n_redirected=${lang}` }, maxRedirects: 0 })).status(),
                { timeout: 5000 },
              )
              .toBe(503);
            save(`${lang}${path}-maintenance`, await serverHtml(request, path, lang, 503, 'data-testid="maintenance-page"'));
          }
        }
      } finally {
        await request.post(`http://localhost:${ports.api}/admin/technical-break`, {
          headers: ADMIN,
          data: { enabled: false, server: 'royal' },
        });
      }
      expect(vnuErrors(files)).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
