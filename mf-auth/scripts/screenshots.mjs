#!/usr/bin/env node
/**
 * Screenshots of every auth screen at 1440 px and 390 px, in the given languages, against a
 * running site (scripts/serve.mjs) whose API has the dev mailbox on (any non-production run).
 *
 *   node mf-auth/scripts/screenshots.mjs [siteUrl] [apiUrl] [langs]
 *   # default: http://localhost:3200 http://localhost:4200 en,pl  → screenshots/auth/
 *
 * Screens: auth modal (register, register with the §8 messages, registration sent, login,
 * recovery, recovery sent), join page with a partner, account activation (done, invalid link),
 * password activation (form with messages, done), e-mail activation (invalid link), new-device
 * dialog (intro, code entry), social callback page.
 */
import { mkdirSync } from 'node:fs';
import { chromium } from '@playwright/test';

const [site = 'http://localhost:3200', api = 'http://localhost:4200', langsArg = 'en,pl'] = process.argv.slice(2);
const out = process.env.OUT ?? 'screenshots/auth';
mkdirSync(out, { recursive: true });

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});

const stamp = Date.now().toString(36);
let n = 0;
const unique = (p) => `${p}${stamp}${++n}`.slice(0, 20);

async function mailbox(to, kind) {
  for (let i = 0; i < 40; i++) {
    const r = await fetch(`${api}/dev/mailbox.json?to=${encodeURIComponent(to)}${kind ? `&kind=${kind}` : ''}`);
    const { messages } = await r.json();
    if (messages.length) return messages[0];
    await new Promise((res) => setTimeout(res, 250));
  }
  throw new Error(`no ${kind} mail to ${to}`);
}

/** Registers through the API (as the site would) and returns the activation link. */
async function registered(lang) {
  const nickname = unique('shot');
  const email = `${nickname.toLowerCase()}@example.org`;
  const jar = await fetch(`${api}/royal/csrf`);
  // The API's XSRF pair: an HttpOnly secret and the token signed for it (both sent back).
  const cookies = jar.headers.getSetCookie().map((c) => c.split(';')[0]);
  const xsrf = cookies.find((c) => /XSRF-TOKEN=/.test(c))?.split('=')[1] ?? '';
  const headers = { 'Content-Type': 'application/json', 'X-XSRF-TOKEN': xsrf, Cookie: cookies.join('; '), 'X-Lang': lang, Origin: site };
  const res = await fetch(`${api}/royal/auth/register`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ nickname, email, password: 'Stadium-Lights-2026', terms: true }),
  });
  if (res.status !== 201) throw new Error(`register: ${res.status} ${await res.text()}`);
  const mail = await mailbox(email, 'activation');
  return { nickname, email, link: mail.link, headers };
}

async function resetLink(email, headers) {
  await fetch(`${api}/royal/auth/password/forgot`, { method: 'POST', headers, body: JSON.stringify({ email }) });
  return (await mailbox(email, 'passwordReset')).link;
}

for (const lang of langsArg.split(',')) {
  for (const [label, width, height] of [
    ['desktop', 1440, 900],
    ['mobile', 390, 844],
  ]) {
    const context = await browser.newContext({ viewport: { width, height }, deviceScaleFactor: 1 });
    await context.addCookies([
      { name: 'i18n_redirected', value: lang, url: site },
      { name: 'cookie_consent', value: 'all', url: site },
    ]);
    await context.addInitScript(() => localStorage.setItem('landing-age-notice', '1'));
    const page = await context.newPage();
    page.on('console', (m) => m.type() === 'error' && console.log(`[console ${lang} ${label}] ${m.text()}`));
    const shot = async (name) => {
      await page.waitForTimeout(400);
      const file = `${out}/${name}-${lang}-${label}.png`;
      await page.screenshot({ path: file });
      console.log(file);
    };
    const openModal = async (tab) => {
      await page.goto(`${site}/royal`, { waitUntil: 'networkidle' });
      await page.evaluate((t) => {
        const s = window.__LANDING_STORE__.getState();
        s.setAuthActiveTab(t);
        s.openModal('authForm');
      }, tab);
      await page.getByTestId('auth-modal').waitFor();
    };
    /** Plays steps by test id: `['click', id]`, `['check', id]`, `['fill', id, text]`, `['wait', id]`, `['shot', name]`. */
    const play = async (steps) => {
      for (const [action, target, text] of steps) {
        if (action === 'shot') await shot(target);
        else if (action === 'fill') await page.getByTestId(target).fill(text);
        else if (action === 'wait') await page.getByTestId(target).waitFor();
        else if (action === 'check') await page.getByTestId(target).check();
        else await page.getByTestId(target).click();
      }
    };

    await openModal('register');
    await play([
      ['shot', '01-modal-register'],
      ['click', 'register-submit'],
      ['shot', '02-modal-register-errors'],
      ['fill', 'register-nickname', unique('modal')],
      ['fill', 'register-email', `${unique('modal')}@example.org`],
      ['fill', 'register-password', 'Stadium-Lights-2026'],
      ['check', 'register-terms'],
      ['click', 'register-submit'],
      ['wait', 'register-sent'],
      ['shot', '03-modal-register-sent'],
    ]);

    await openModal('login');
    await play([
      ['shot', '04-modal-login'],
      ['click', 'login-submit'],
      ['shot', '05-modal-login-errors'],
      ['click', 'forgot-link'],
      ['shot', '06-modal-recovery'],
      ['fill', 'recovery-email', 'someone@example.org'],
      ['click', 'recovery-submit'],
      ['wait', 'recovery-sent'],
      ['shot', '07-modal-recovery-sent'],
    ]);

    await page.goto(`${site}/royal/join/p/fm-partner?click_id=abc`, { waitUntil: 'networkidle' });
    await page.getByTestId('join-page').waitFor();
    await shot('08-join-partner');

    const acc = await registered(lang);
    await page.goto(acc.link, { waitUntil: 'networkidle' });
    await page.locator('[data-testid="activation-account"][data-state="accountDone"]').waitFor();
    await shot('09-account-activation-done');
    // Log out (the welcome toast sits over the header's logout button for a moment).
    await page
      .locator('.Toastify__toast')
      .first()
      .waitFor({ state: 'detached', timeout: 10_000 })
      .catch(() => undefined);
    await page
      .getByTestId('logout-button')
      .click({ timeout: 5000 })
      .catch(() => undefined);

    await page.goto(`${site}/royal/account-activation/${'x'.repeat(43)}`, { waitUntil: 'networkidle' });
    await page.locator('[data-state="invalid"]').waitFor();
    await shot('10-account-activation-invalid');

    await page.goto(`${site}/royal/email-activation/${'y'.repeat(43)}`, { waitUntil: 'networkidle' });
    await page.locator('[data-state="invalid"]').waitFor();
    await shot('11-email-activation-invalid');

    const reset = await resetLink(acc.email, acc.headers);
    await page.goto(reset, { waitUntil: 'networkidle' });
    await play([
      ['wait', 'new-password-form'],
      ['shot', '12-password-activation-form'],
      ['fill', 'new-password', 'Fresh-Boots-2026'],
      ['fill', 'new-password-repeat', 'Fresh-Boots-2027'],
      ['click', 'new-password-submit'],
      ['shot', '13-password-activation-mismatch'],
      ['fill', 'new-password-repeat', 'Fresh-Boots-2026'],
      ['click', 'new-password-submit'],
    ]);
    await page.locator('[data-state="passwordDone"]').waitFor();
    await shot('14-password-activation-done');

    // New device: a fresh device id for the account (the reset above trusted this browser).
    await context.clearCookies({ name: 'FT-fingerprint' });
    await openModal('login');
    await play([
      ['fill', 'login-name', acc.nickname],
      ['fill', 'login-password', 'Fresh-Boots-2026'],
      ['click', 'login-submit'],
      ['wait', 'two-factor-dialog'],
      ['shot', '15-two-factor-intro'],
      ['click', 'two-factor-send'],
      ['wait', 'two-factor-form'],
      ['shot', '16-two-factor-code'],
      ['click', 'two-factor-confirm'],
      ['shot', '17-two-factor-code-error'],
    ]);

    await page.goto(`${site}/auth/google/callback?code=demo&state=demo`, { waitUntil: 'networkidle' });
    await page.getByTestId('social-callback').waitFor();
    await shot('18-social-callback');
    await context.close();
  }
}
await browser.close();
