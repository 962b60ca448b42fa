/**
 * Per-viewer answers are never kept by a shared cache: `/auth/me`, the login answers and
 * everything without a public `Cache-Control` of its own answer `private, no-store`
 * (src/lib/private-answers.ts, docs/SECURITY.md "V14").
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEMO_PASSWORD, DEMO_TRUSTED_DEVICE } from '../src/domains/auth/seed.js';
import { freshIp, get, post } from './auth-helpers.js';
import { setupTestApp, sqlRows } from './helpers.js';

const PRIVATE = 'private, no-store';

describe('per-viewer answers: Cache-Control private, no-store', () => {
  const t = setupTestApp();

  const demoSession = async () => {
    const res = await post(
      t.app,
      '/royal/auth/login',
      { login: 'demo', password: DEMO_PASSWORD, fingerprint: DEMO_TRUSTED_DEVICE },
      { ip: freshIp() },
    );
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.headers['cache-control'], PRIVATE, 'the login answer carries the session token');
    return res.json() as { token: string; uid: string };
  };

  it('GET /auth/me (200 with a session, 401 without) is private, no-store', async () => {
    const s = await demoSession();
    const me = await get(t.app, '/royal/auth/me', { token: s.token, uid: s.uid });
    assert.equal(me.statusCode, 200, me.body);
    assert.equal(me.headers['cache-control'], PRIVATE);
    const anonymous = await get(t.app, '/royal/auth/me');
    assert.equal(anonymous.statusCode, 401);
    assert.equal(anonymous.headers['cache-control'], PRIVATE);
  });

  it('with a session, every answer is either explicitly public or private, no-store; the per-viewer ones private', async () => {
    const s = await demoSession();
    const [article] = await sqlRows<{ slug: string }>(
      t.handle,
      `SELECT a.slug FROM news_articles a JOIN news_polls p ON p.article_id = a.id WHERE a.server = 'royal' AND a.published_at <= now() LIMIT 1`,
    );
    const code = ((await get(t.app, '/royal/bets/tournaments')).json() as { current: string }).current;
    const perViewer = [
      '/royal/auth/me',
      `/royal/news/${article!.slug}/ballot`,
      `/royal/bets/tournaments/${code}/predictions`,
      '/royal/bets/ranking/me',
    ];
    const others = [
      '/royal/csrf',
      '/royal/landing',
      '/royal/servers',
      '/royal/stats',
      '/royal/leaderboard',
      '/royal/news',
      `/royal/news/${article!.slug}`,
      `/royal/news/${article!.slug}/comments`,
      '/royal/bets/tournaments',
      '/royal/bets/ranking',
      '/royal/newsletter',
      '/royal/auth/providers',
      '/health',
      '/royal/no-such-route',
    ];
    for (const path of perViewer) {
      const res = await get(t.app, path, { token: s.token, uid: s.uid });
      assert.equal(res.statusCode, 200, `${path}: ${res.body}`);
      assert.equal(res.headers['cache-control'], PRIVATE, path);
    }
    for (const path of others) {
      const res = await get(t.app, path, { token: s.token, uid: s.uid });
      const cc = String(res.headers['cache-control'] ?? '');
      assert.ok(cc === PRIVATE || /^public\b/.test(cc), `${path} (${res.statusCode}): Cache-Control "${cc}"`);
    }
  });

  it('every read a page is built from is public, with a session or without: the pages players share stay shared', async () => {
    // A page server renders a page once for every player of a server and language; an answer that
    // is not public makes that page per player (shell/src/server/players/player-page.ts). These are the
    // reads of the pages' server renders (the page data's queries).
    const [article] = await sqlRows<{ slug: string }>(
      t.handle,
      `SELECT a.slug FROM news_articles a JOIN news_polls p ON p.article_id = a.id WHERE a.server = 'royal' AND a.published_at <= now() LIMIT 1`,
    );
    const code = ((await get(t.app, '/royal/bets/tournaments')).json() as { current: string }).current;
    const pageReads = [
      '/royal/landing',
      '/royal/servers',
      '/royal/stats',
      '/royal/newsletter',
      '/royal/leaderboard?limit=10',
      '/royal/news?page=1&per_page=9',
      `/royal/news/${article!.slug}`,
      '/royal/bets/tournaments',
      `/royal/bets/tournaments/${code}/matches`,
      `/royal/bets/ranking?tournament=${code}`,
    ];
    for (const auth of [{}, await demoSession()] as Array<{ token?: string; uid?: string }>) {
      for (const path of pageReads) {
        const res = await get(t.app, path, auth);
        assert.equal(res.statusCode, 200, `${path}: ${res.body}`);
        assert.match(String(res.headers['cache-control']), /^public\b/, `${path}${auth.token ? ' (with a session)' : ''}`);
      }
    }
  });
});
