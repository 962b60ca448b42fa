/**
 * The page server's cache of anonymous pages and the pages of logged-in players
 * (shell/src/server/cache/page-cache.ts, session.ts; docs/ARCHITECTURE.md "Page cache"):
 * languages never mixed, one render of each page shared by the players of a server (each answer
 * with the player's own name, `private, no-store`), a news post reaching the pages within the
 * stated bound (5 s) and a comment on its author's next load at once, a logout within 1 s, no CSP
 * violation on a cached page.
 */
import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN_SECRET, apiBase, openPage, ports } from './fixtures';

const SHELL = `http://localhost:${ports.shell}`;
/** The bound this site promises for a content change to reach an anonymous page (ms). */
const CHANGE_BOUND_MS = 5000;

interface Session {
  token: string;
  uid: string;
  expiresAt: string;
  user: { id: string; nickname: string };
}

/**
 * Logs a demo account in through the API (the XSRF pair first, as the browser does), in `request`
 * (its cookies then belong to that session) or in a context of its own.
 */
async function demoSession(login = 'demo', request?: APIRequestContext): Promise<Session> {
  if (request) return loginWith(request, login);
  const own = await playwrightRequest.newContext();
  try {
    return await loginWith(own, login);
  } finally {
    await own.dispose();
  }
}

/** The login itself (see {@link demoSession}). */
async function loginWith(request: APIRequestContext, login: string): Promise<Session> {
  const csrf = await request.get(`${apiBase('royal')}/csrf`);
  const token = csrf.headers()['set-cookie']?.match(/XSRF-TOKEN=([^;]+)/)?.[1] ?? '';
  const res = await request.post(`${apiBase('royal')}/auth/login`, {
    headers: { 'x-xsrf-token': decodeURIComponent(token) },
    data: { login, password: 'Demo-Goal-2026', fingerprint: 'demo-device' },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as Session;
}

const sessionCookie = (s: Session) => `auth.royal._token.local=${s.token}; auth.royal._token.uid=${s.uid}`;

/** Puts the session in the browser as mf-auth's login does (cookies and local storage). */
async function signInBrowser(page: Page, s: Session): Promise<void> {
  await page.context().addCookies([
    { name: 'auth.royal._token.local', value: s.token, url: SHELL },
    { name: 'auth.royal._token.uid', value: s.uid, url: SHELL },
    { name: 'auth.royal._token.expiration', value: s.expiresAt, url: SHELL },
  ]);
  await page.addInitScript((session) => {
    localStorage.setItem('token', session.token);
    localStorage.setItem('uid', session.uid);
    localStorage.setItem('expiration', session.expiresAt);
  }, s);
}

test('two languages of one page are never mixed through the cache', async ({ request }) => {
  for (let i = 0; i < 3; i++) {
    for (const [lang, iso] of [
      ['de', 'de'],
      ['ru', 'ru'],
      ['en', 'en'],
    ] as const) {
      const res = await request.get(`${SHELL}/royal/news`, { headers: { cookie: `i18n_redirected=${lang}` } });
      expect(res.status()).toBe(200);
      expect(await res.text()).toContain(`<html lang="${iso}"`);
      expect(res.headers()['x-cache']).toMatch(/^(HIT|MISS|STALE)$/);
      expect(res.headers()['cache-control']).toBe('public, max-age=0, s-maxage=5, stale-while-revalidate=30');
    }
  }
  // Tracking parameters do not make new entries; a page number does.
  for (let i = 0; i < 4; i++) await request.get(`${SHELL}/royal/news`, { headers: { cookie: 'i18n_redirected=de' } });
  const tracked = await request.get(`${SHELL}/royal/news?utm_source=share`, { headers: { cookie: 'i18n_redirected=de' } });
  expect(tracked.headers()['x-cache']).toBe('HIT');
  const second = await request.get(`${SHELL}/royal/news/list/2`, { headers: { cookie: 'i18n_redirected=de' } });
  expect(await second.text()).toContain('<html lang="de"');
});

test("a logged-in player's server HTML already says Play now, and hydration shows the same header", async ({ page, request }) => {
  const session = await demoSession();
  const res = await request.get(`${SHELL}/royal`, { headers: { cookie: `i18n_redirected=en; ${sessionCookie(session)}` } });
  const html = await res.text();
  expect(html).toContain('data-testid="play-now"');
  expect(html).not.toContain('data-testid="login-button"');
  expect(res.headers()['cache-control']).toBe('private, no-store');
  // The same page for an anonymous visitor is still the cached visitor's page.
  const anonymous = await request.get(`${SHELL}/royal`, { headers: { cookie: 'i18n_redirected=en' } });
  expect(await anonymous.text()).toContain('data-testid="login-button"');

  // In the browser: the header never shows "Log in" on the way to hydration.
  await signInBrowser(page, session);
  const sawLogin: boolean[] = [];
  await page.exposeFunction('reportLogin', (seen: boolean) => sawLogin.push(seen));
  await page.addInitScript(() => {
    new MutationObserver(() => {
      if (document.querySelector('[data-testid="login-button"]'))
        (window as unknown as { reportLogin: (s: boolean) => void }).reportLogin(true);
    }).observe(document, { subtree: true, childList: true });
  });
  await openPage(page, '/royal');
  await expect(page.getByTestId('play-now')).toBeVisible();
  await page.waitForTimeout(500); // a while after hydration (the page brought the user: no GET /auth/me)
  await expect(page.getByTestId('play-now')).toBeVisible();
  expect(sawLogin).toEqual([]);
});

/** How many times the page shows the name `demo` as an element's text. */
const namesOfDemo = (html: string) => html.match(/>demo</g)?.length ?? 0;

test('players share one render of every page type, each with their own name, and hydrate it without a mismatch', async ({
  page,
  request,
}) => {
  const demo = await demoSession('demo');
  const rookie = await demoSession('demo_rookie');
  const pageFor = async (path: string, s: Session) => {
    const res = await request.get(`${SHELL}${path}`, { headers: { cookie: `i18n_redirected=en; ${sessionCookie(s)}` } });
    expect(res.headers()['cache-control']).toBe('private, no-store');
    return { status: res.status(), cache: res.headers()['x-cache'], html: await res.text() };
  };
  // Every page players see (docs/ARCHITECTURE.md "Page cache"): rendered once per page server
  // worker for one player, then the other player's page is that render (HIT), with their own name.
  const paths = [
    '/royal',
    '/royal/news',
    '/royal/news/poll-favourite-formation',
    '/royal/bets',
    '/royal/bets-ranking',
    '/royal/bets-rules',
    '/royal/join',
    '/royal/affiliate',
  ];
  for (const path of paths) {
    for (let i = 0; i < 4; i++) expect((await pageFor(path, demo)).status).toBe(200);
    const mine = await pageFor(path, rookie);
    expect([path, mine.status, mine.cache]).toEqual([path, 200, 'HIT']);
    expect(mine.html).toContain('<span class="header__nick">demo_rookie</span>');
    // demo's name only where every visitor sees it: a ranking lists demo once a bet of demo's has
    // scored (e2e/bets.spec.ts may have run first on this stack).
    const anonymous = await request.get(`${SHELL}${path}`, { headers: { cookie: 'i18n_redirected=en' } });
    expect([path, namesOfDemo(mine.html)]).toEqual([path, namesOfDemo(await anonymous.text())]);
    expect(mine.html).toContain(`"user":{"id":"${rookie.user.id}","nickname":"demo_rookie"`);
    expect(mine.html).not.toMatch(/[\uE000-\uE003]/);
  }

  const errors: string[] = [];
  page.on('console', (m) => void (m.type() === 'error' && errors.push(m.text())));
  page.on('pageerror', (e) => errors.push(e.message));
  await signInBrowser(page, rookie);
  await openPage(page, '/royal/news');
  await expect(page.locator('.header__nick')).toHaveText('demo_rookie');
  await expect(page.locator('.header__avatar')).toHaveText('D');
  await page.waitForTimeout(500);
  expect(errors.filter((e) => /hydrat|did not match|Minified React error #418|#423/i.test(e))).toEqual([]);
});

test('an expired or revoked session renders the visitor logged out', async ({ request }) => {
  const res = await request.get(`${SHELL}/royal`, {
    headers: { cookie: 'auth.royal._token.local=revoked-or-made-up; auth.royal._token.uid=7' },
  });
  const html = await res.text();
  expect(html).toContain('data-testid="login-button"');
  expect(html).not.toContain('data-testid="play-now"');
});

test(`a news post published through the API appears on an anonymous /royal/news within ${CHANGE_BOUND_MS} ms`, async ({ request }) => {
  // The page is in the cache of every page server worker before the post.
  for (let i = 0; i < 4; i++) await request.get(`${SHELL}/royal/news`);
  expect((await request.get(`${SHELL}/royal/news`)).headers()['x-cache']).toBe('HIT');
  const title = `Cache bound check ${Date.now()}`;
  const published = Date.now();
  const res = await request.post(`http://localhost:${ports.api}/admin/news`, {
    headers: { 'X-Admin-Secret': ADMIN_SECRET },
    data: {
      server: 'royal',
      slug: `cache-bound-check-${Date.now()}`,
      texts: { en: { title, excerpt: 'The page cache hears of it.', body_html: '<p>Within seconds.</p>' } },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  let seenAt = 0;
  while (Date.now() - published < CHANGE_BOUND_MS + 2000) {
    if ((await (await request.get(`${SHELL}/royal/news`)).text()).includes(title)) {
      seenAt = Date.now();
      break;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  expect(seenAt, 'the post never appeared').toBeGreaterThan(0);
  expect(seenAt - published).toBeLessThanOrEqual(CHANGE_BOUND_MS);
});

test("a comment appears on its author's next load of the article at once", async ({ request }) => {
  const session = await demoSession('demo', request);
  const list = (await (await request.get(`${apiBase('royal')}/news?per_page=1`)).json()) as { items: Array<{ slug: string }> };
  const slug = list.items[0]!.slug;
  const auth = { 'X-Auth-Token': session.token, 'X-Auth-Id': session.uid };
  // The XSRF pair is bound to the session: the one issued with the player's session headers.
  await request.get(`${apiBase('royal')}/csrf`, { headers: auth });
  const xsrf = decodeURIComponent((await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '');
  const text = `Fresh on the next load ${Date.now()}`;
  const posted = await request.post(`${apiBase('royal')}/news/${slug}/comments`, {
    headers: { ...auth, 'x-xsrf-token': xsrf },
    data: { text },
  });
  expect(posted.status(), await posted.text()).toBe(201);
  const page = await request.get(`${SHELL}/royal/news/${slug}`, { headers: { cookie: sessionCookie(session) } });
  expect(await page.text()).toContain(text);
});

test('a cached page and an uncached one load without a Content-Security-Policy violation', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content.Security.Policy|Refused to (load|execute|apply)/i.test(m.text())) violations.push(m.text());
  });
  await openPage(page, '/royal/bets');
  // Every page server worker holds the page: the next load is served from the cache.
  await expect(async () => expect((await page.request.get(`${SHELL}/royal/bets`)).headers()['x-cache']).toBe('HIT')).toPass({
    timeout: 10_000,
  });
  await openPage(page, '/royal/bets');
  await openPage(page, '/royal/news');
  expect(violations).toEqual([]);
});

test('/health answers with the process and its cache counters', async ({ request }) => {
  const res = await request.get(`${SHELL}/health`);
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { ok: boolean; renders: { active: number }; cache: { hits: number } };
  expect(body.ok).toBe(true);
  expect(typeof body.renders.active).toBe('number');
  expect(typeof body.cache.hits).toBe('number');
});

test('requests that spell the players’ cache key break no page: every page type answers 200 to players and visitors', async ({
  request,
}) => {
  const session = await demoSession('demo');
  const paths = [
    '/royal',
    '/royal/news',
    '/royal/news/poll-favourite-formation',
    '/royal/bets',
    '/royal/bets-ranking',
    '/royal/bets-rules',
    '/royal/join',
    '/royal/affiliate',
  ];
  // A literal `|` and its encoding, a few times each so that every page server worker sees them.
  for (const path of paths)
    for (const spelled of [`${path}|player:royal`, `${path}%7Cplayer:royal`])
      for (let i = 0; i < 3; i++) {
        const res = await fetch(`${SHELL}${spelled}`, { redirect: 'manual' });
        expect([spelled, [302, 404].includes(res.status)]).toEqual([spelled, true]);
        await res.arrayBuffer();
      }
  for (const path of paths) {
    const visitor = await request.get(`${SHELL}${path}`);
    expect([path, visitor.status()]).toEqual([path, 200]);
    for (let i = 0; i < 3; i++) {
      const player = await request.get(`${SHELL}${path}`, { headers: { cookie: sessionCookie(session) } });
      expect([path, player.status()]).toEqual([path, 200]);
      expect(await player.text()).toContain('<span class="header__nick">demo</span>');
    }
  }
});

test('a logout reaches the server-rendered page within 1 s (the change stream carries the revocation)', async () => {
  const own = await playwrightRequest.newContext();
  try {
    const session = await demoSession('demo_rookie', own);
    const cookie = sessionCookie(session);
    // Every page server worker has checked the session and keeps the API's answer.
    for (let i = 0; i < 4; i++)
      expect(await (await own.get(`${SHELL}/royal`, { headers: { cookie } })).text()).toContain('data-testid="play-now"');
    const auth = { 'X-Auth-Token': session.token, 'X-Auth-Id': session.uid };
    await own.get(`${apiBase('royal')}/csrf`, { headers: auth });
    const xsrf = decodeURIComponent((await own.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '');
    const out = await own.post(`${apiBase('royal')}/auth/logout`, { headers: { ...auth, 'x-xsrf-token': xsrf } });
    expect(out.status(), await out.text()).toBe(200);
    const loggedOut = Date.now();
    let seenAt = 0;
    while (Date.now() - loggedOut < 3000) {
      const html = await (await fetch(`${SHELL}/royal`, { headers: { cookie } })).text();
      if (html.includes('data-testid="login-button"') && !html.includes('data-testid="play-now"')) {
        seenAt = Date.now();
        break;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(seenAt, 'the page still showed the player after 3 s').toBeGreaterThan(0);
    expect(seenAt - loggedOut).toBeLessThanOrEqual(1000);
  } finally {
    await own.dispose();
  }
});
