/**
 * The edge cache (deploy/nginx-shell.conf on the composition's nginx) gives no visitor another's
 * encoding, language or player page (docs/DOCKER.md "The edge cache"). Each check uses a path of
 * its own (`?t=…`), so it starts from an empty cache entry, and pages are compared by what they
 * are: their bytes decode in the coding the visitor accepted, their <html lang>, their nickname.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SERVER, edge, get, newPlayer, pageLang } from './lib.mjs';

let n = 0;
/** A URL no earlier request used (the query is part of the edge key, not of the page). */
const fresh = () => `${edge}/${SERVER}/news?t=${process.pid}-${Date.now()}-${++n}`;

test('brotli stored for one visitor never reaches a visitor that did not offer it', async () => {
  const url = fresh();
  const br = await get(url, { 'accept-encoding': 'br, gzip' });
  assert.equal(br.headers['content-encoding'], 'br');
  for (const [offer, coding] of [
    ['', undefined],
    ['gzip', 'gzip'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['identity', undefined],
  ]) {
    const res = await get(url, offer ? { 'accept-encoding': offer } : {});
    assert.equal(res.headers['content-encoding'], coding, `Accept-Encoding "${offer}"`);
    assert.match(res.text, /^<!DOCTYPE html>/i, `Accept-Encoding "${offer}": a readable page`);
  }
  // The same offer again is a hit of its own copy.
  const again = await get(url, { 'accept-encoding': 'gzip' });
  assert.equal(again.headers['x-edge-cache'], 'HIT');
  assert.equal(again.headers['content-encoding'], 'gzip');
});

/**
 * Cookie headers that name the language cookie oddly, and the language the page server reads in
 * each (shell/src/server/pages/page-route.ts languageOf).
 */
const ODD_COOKIES = [
  ['i18n_redirected\t=de', 'de'],
  ['I18N_REDIRECTED=en; i18n_redirected=de', 'de'],
  ['I18N_REDIRECTED=de', 'en'],
  ['i18n_redirected=DE', 'en'],
  ['i18n_redirected=d%65', 'en'],
  ['i18n_redirected=fr; i18n_redirected=de', 'fr'],
  ['x=1;\ti18n_redirected = tr ', 'tr'],
  ['flag; i18n_redirected=it', 'it'],
];

test('a page is stored under the language it is in, however the cookie is written', async () => {
  for (const [cookie, lang] of ODD_COOKIES) {
    const url = fresh();
    const odd = await get(url, { cookie, 'accept-encoding': 'gzip' });
    assert.equal(odd.headers['x-edge-cache'], 'MISS', `${JSON.stringify(cookie)}: a new entry`);
    assert.equal(pageLang(odd.text), lang, `${JSON.stringify(cookie)}: rendered in ${lang}`);
    // The visitor whose plain cookie names that language gets that very copy (same key)…
    const plain = await get(url, { cookie: `i18n_redirected=${lang}`, 'accept-encoding': 'gzip' });
    assert.equal(plain.headers['x-edge-cache'], 'HIT', `${JSON.stringify(cookie)}: stored under ${lang}`);
    assert.equal(pageLang(plain.text), lang);
    // …and every other language gets its own page.
    for (const other of ['en', 'de', 'fr', 'tr', 'it'].filter((l) => l !== lang)) {
      const res = await get(url, { cookie: `i18n_redirected=${other}`, 'accept-encoding': 'gzip' });
      assert.equal(pageLang(res.text), other, `${JSON.stringify(cookie)} then ${other}`);
    }
  }
});

test('no cookie and an English cookie share the English page; German stays German', async () => {
  const url = fresh();
  const de = await get(url, { cookie: 'i18n_redirected=de', 'accept-encoding': 'gzip' });
  assert.equal(pageLang(de.text), 'de');
  const none = await get(url, { 'accept-encoding': 'gzip' });
  assert.equal(none.headers['x-edge-cache'], 'MISS');
  assert.equal(pageLang(none.text), 'en');
  const en = await get(url, { cookie: 'i18n_redirected=en', 'accept-encoding': 'gzip' });
  assert.equal(en.headers['x-edge-cache'], 'HIT');
  assert.equal(pageLang(en.text), 'en');
});

test('two Cookie headers: the page is keyed on what the page server was sent', async () => {
  const url = fresh();
  // nginx 1.22 reads the first Cookie header, 1.23+ joins them: either way it sends the page
  // server that one header, so the key and the page agree.
  const host = new URL(edge).host; // a header list gets no Host of its own
  const two = await get(url, ['host', host, 'cookie', 'a=1', 'cookie', 'i18n_redirected=de', 'accept-encoding', 'gzip']);
  assert.equal(two.status, 200);
  const lang = pageLang(two.text);
  const same = await get(url, { cookie: `i18n_redirected=${lang}`, 'accept-encoding': 'gzip' });
  assert.equal(same.headers['x-edge-cache'], 'HIT');
  assert.equal(pageLang(same.text), lang);
});

test("a player's page is neither served from the edge nor stored in it", async () => {
  const player = await newPlayer('edge');
  const url = fresh();
  const anonymous = await get(url, { 'accept-encoding': 'gzip' });
  assert.equal(anonymous.headers['x-edge-cache'], 'MISS');
  // Not served from it: the player gets their own page although an anonymous copy is stored.
  const own = await get(url, { cookie: player.cookie, 'accept-encoding': 'gzip' });
  assert.equal(own.headers['x-edge-cache'], 'BYPASS');
  assert.equal(own.headers['cache-control'], 'private, no-store');
  assert.ok(own.text.includes(player.nickname), 'the player sees their own page');
  // Not stored in it: the next anonymous visitor gets the anonymous copy, without the nickname.
  const next = await get(url, { 'accept-encoding': 'gzip' });
  assert.equal(next.headers['x-edge-cache'], 'HIT');
  assert.ok(!next.text.includes(player.nickname), "no anonymous visitor gets the player's page");
  // A session cookie in another case or with spaces is a session too, for the edge.
  for (const cookie of [player.cookie.replace('auth.', 'AUTH.'), player.cookie.replace('._token.local=', '._token.local =')]) {
    const odd = await get(url, { cookie, 'accept-encoding': 'gzip' });
    assert.equal(odd.headers['x-edge-cache'], 'BYPASS', JSON.stringify(cookie));
  }
  const again = await get(url, { 'accept-encoding': 'gzip' });
  assert.ok(!again.text.includes(player.nickname));
});
