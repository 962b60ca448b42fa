/**
 * The composition answers as deployed (docs/DOCKER.md "The docker suite"): every page in two
 * languages through the edge, a new player's mails through the mail catcher, activation and
 * login with the development features off, and no social login.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SERVER, api, call, edge, get, newPlayer, newestArticle, pageLang, xsrfPair } from './lib.mjs';

test('every page answers in English and in German through the edge', async () => {
  const article = await newestArticle();
  const pages = [
    `/${SERVER}`,
    `/${SERVER}/join`,
    `/${SERVER}/news`,
    `/${SERVER}/news/${article}`,
    `/${SERVER}/bets`,
    `/${SERVER}/bets-ranking`,
    `/${SERVER}/bets-rules`,
    `/${SERVER}/affiliate`,
    `/${SERVER}/account-activation`,
    '/classic',
    '/pl',
  ];
  for (const lang of ['en', 'de']) {
    for (const path of pages) {
      const res = await get(edge + path, { cookie: `i18n_redirected=${lang}`, 'accept-encoding': 'gzip' });
      assert.equal(res.status, 200, `${path} in ${lang}`);
      assert.equal(pageLang(res.text), lang, `${path} in ${lang}: <html lang>`);
      assert.match(res.headers['x-edge-cache'] ?? '', /^(MISS|HIT|STALE|UPDATING|EXPIRED)$/, `${path}: through the edge cache`);
    }
  }
  // The remotes' files come from their nginx, the same URLs the pages give browsers.
  const page = (await get(`${edge}/${SERVER}`)).text;
  const manifests = [...page.matchAll(/http:\/\/localhost:(\d+)\/[\d.]+[^"]*\/mf-manifest\.json/g)];
  assert.equal(new Set(manifests.map((m) => m[0])).size, 4, 'the page names the four remotes');
  for (const [url, port] of manifests) {
    const res = await fetch(url.replace(`localhost:${port}`, `127.0.0.1:${port}`));
    assert.equal(res.status, 200, url);
    assert.equal(res.headers.get('cache-control'), 'no-cache', `${url}: never cached`);
  }
});

test('a new player gets the activation mail, activates and logs in; their page is their own', async () => {
  const player = await newPlayer('smoke');
  const me = await call('GET', `/${SERVER}/auth/me`, { session: player.session });
  assert.equal(me.status, 200);
  assert.equal(me.body.user.login ?? me.body.user.nickname ?? player.nickname, player.nickname);
  const page = await get(`${edge}/${SERVER}`, { cookie: player.cookie, 'accept-encoding': 'gzip' });
  assert.equal(page.status, 200);
  assert.equal(page.headers['cache-control'], 'private, no-store');
  assert.equal(page.headers['x-edge-cache'], 'BYPASS');
  assert.ok(page.text.includes(player.nickname), 'the page shows the player logged in');
});

test('production: no development features, no social login', async () => {
  assert.equal((await fetch(`${api}/dev/mailbox`)).status, 404, 'the dev mailbox is off');
  const providers = await call('GET', `/${SERVER}/auth/providers`);
  assert.equal(providers.status, 200);
  assert.deepEqual(
    providers.body.providers.filter((/** @type {{ enabled: boolean }} */ p) => p.enabled),
    [],
    'no provider is on',
  );
  // The demo accounts exist only with the development features.
  const demo = await call('POST', `/${SERVER}/auth/login`, {
    body: { login: 'demo', password: 'Demo-Goal-2026', fingerprint: 'demo-device' },
    ip: '198.51.100.250',
    xsrf: await xsrfPair(),
  });
  assert.equal(demo.status, 401, 'the demo account does not log in');
  // The test server `en` is not served in production.
  assert.equal((await call('GET', '/en/servers')).status, 404);
});
