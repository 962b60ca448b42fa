/**
 * Auth API demo accounts, mail translations in all nine languages, and the dev mailbox (off in production).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildApp } from '../src/app.js';
import { authMessage } from '../src/domains/auth/messages.js';
import { MAIL_KINDS, renderMail } from '../src/domains/auth/mail-render.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_TRUSTED_DEVICE } from '../src/domains/auth/seed.js';
import { LOCALE_CODES } from '@landing/domain';
import { freshIp, get, post, uniqueUser } from './auth-helpers.js';
import { setupTestApp, TEST_CONFIG } from './helpers.js';

describe('auth: registration, activation, sessions, reset', () => {
  const t = setupTestApp();

  describe('demo accounts and translations', () => {
    it('demo accounts log in on every server with the documented password; OVR above and below thresholds', async () => {
      for (const server of ['royal', 'pl', 'classic', 'en']) {
        for (const d of DEMO_ACCOUNTS) {
          const res = await post(
            t.app,
            `/${server}/auth/login`,
            { login: d.nickname, password: DEMO_PASSWORD, fingerprint: DEMO_TRUSTED_DEVICE },
            { ip: freshIp() },
          );
          assert.equal(res.statusCode, 200, res.body);
          assert.equal(res.json().user.ovr, d.ovr);
        }
      }
      // Any other device needs the e-mailed code.
      const other = await post(
        t.app,
        '/royal/auth/login',
        { login: 'demo', password: DEMO_PASSWORD, fingerprint: 'someone-else' },
        { ip: freshIp() },
      );
      assert.equal(other.statusCode, 403);
      assert.equal(other.json().error, 'UNAUTHORIZED_DEVICE');
    });

    it('every mail renders in all nine languages, translated, with the name escaped in HTML (texts: src/locales, test/locales.test.ts)', () => {
      for (const lang of LOCALE_CODES) {
        for (const kind of MAIL_KINDS) {
          const m = renderMail(kind, lang, {
            nickname: 'Zoë <b>',
            serverName: 'Royal',
            link: 'http://localhost:3000/royal/x',
            code: kind === 'deviceCode' ? '123456' : undefined,
            email: 'a@b.cd',
          });
          assert.ok(m.subject && m.text.includes('Zoë <b>') && m.html.includes('Zoë &lt;b&gt;'), `${kind} ${lang}`);
          assert.ok(!/\{\{|\}\}/.test(m.text + m.subject), `${kind} ${lang}: every placeholder filled`);
          if (lang !== 'en')
            assert.notEqual(
              m.subject,
              renderMail(kind, 'en', { nickname: 'x', serverName: 'Royal', code: '123456' }).subject,
              `${kind} ${lang} is translated`,
            );
        }
        assert.notEqual(authMessage(lang, 'TOO_MANY_ATTEMPTS', { minutes: 5 }), '', lang);
        assert.ok(authMessage(lang, 'TOO_MANY_ATTEMPTS', { minutes: 5 }).includes('5'), lang);
      }
    });
  });

  describe('dev mailbox', () => {
    it('HTML for people, JSON for tests (with link and code), filtered by address', async () => {
      const u = uniqueUser();
      await post(t.app, '/royal/auth/register', { ...u, terms: true }, { ip: freshIp() });
      const html = await get(t.app, '/dev/mailbox');
      assert.equal(html.statusCode, 200);
      assert.match(String(html.headers['content-type']), /text\/html/);
      assert.ok(html.body.includes(u.email));
      const json = (await get(t.app, `/dev/mailbox.json?to=${encodeURIComponent(u.email.toUpperCase())}`)).json();
      assert.equal(json.messages.length, 1);
      assert.match(json.messages[0].link, /\/royal\/account-activation#token=/);
      const one = await get(t.app, `/dev/mailbox/${json.messages[0].id}`);
      assert.equal(one.statusCode, 200);
      assert.ok(one.body.includes('Activate account'));
    });

    it('is off in production', async () => {
      const prod = await buildApp({
        db: t.handle,
        migrate: false,
        seed: false,
        config: { ...TEST_CONFIG, nodeEnv: 'production', auth: { ...t.app.apiConfig.auth, devMailbox: false } },
      });
      try {
        assert.equal((await prod.inject({ url: '/dev/mailbox' })).statusCode, 404);
        assert.equal((await prod.inject({ url: '/dev/mailbox.json' })).statusCode, 404);
      } finally {
        await prod.close();
      }
    });
  });
});
