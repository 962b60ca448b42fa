import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { setTechnicalBreak } from '../src/domains/core/service.js';
import { CONTACT_RATE_LIMIT } from '../src/domains/contact/routes.js';
import { assertErrorBody, setupTestApp, sqlRows, xsrfPair } from './helpers.js';

let ip = 0;
/** A different client address per call, so the rate limit only matters where a test wants it. */
const nextIp = () => `10.0.0.${++ip}`;

describe('POST /:server/contact', () => {
  const t = setupTestApp();

  const post = async (server: string, payload: unknown, extra: { headers?: Record<string, string>; remoteAddress?: string } = {}) => {
    const XSRF = await xsrfPair(t.app);
    return t.app.inject({
      method: 'POST',
      url: `/${server}/contact`,
      payload: payload as object,
      cookies: XSRF.cookies,
      headers: { ...XSRF.headers, ...extra.headers },
      remoteAddress: extra.remoteAddress ?? nextIp(),
    });
  };

  it('stores a trimmed message with the server, X-Lang and the X-Auth-Id claim, answers 201 with its id', async () => {
    const res = await post(
      'royal',
      { name: '  Jan Kowalski ', email: ' jan@example.com ', message: '  I cannot find the bets page on my phone.  ' },
      { headers: { 'x-lang': 'pl', 'x-auth-id': '42' } },
    );
    assert.equal(res.statusCode, 201, res.body);
    const body = res.json() as { ok: true; id: number };
    assert.equal(body.ok, true);
    const rows = await sqlRows(
      t.handle,
      'SELECT server, name, email, message, lang, claimed_user_id, status FROM contact_messages WHERE id = $1',
      [body.id],
    );
    assert.deepEqual(rows, [
      {
        server: 'royal',
        name: 'Jan Kowalski',
        email: 'jan@example.com',
        message: 'I cannot find the bets page on my phone.',
        lang: 'pl',
        claimed_user_id: '42',
        status: 'new',
      },
    ]);
  });

  it('a visitor without headers is stored with lang en and no user id', async () => {
    const res = await post('pl', { name: 'Ana', email: 'ana@example.org', message: 'Hello, is there a Portuguese server?' });
    assert.equal(res.statusCode, 201);
    const [row] = await sqlRows<{ lang: string; claimed_user_id: string | null }>(
      t.handle,
      'SELECT lang, claimed_user_id FROM contact_messages WHERE id = $1',
      [(res.json() as { id: number }).id],
    );
    assert.deepEqual(row, { lang: 'en', claimed_user_id: null });
  });

  it('rejects invalid fields with 400 VALIDATION_ERROR naming the field, and stores nothing', async () => {
    const before = await sqlRows<{ n: number }>(t.handle, 'SELECT count(*)::int AS n FROM contact_messages');
    const cases: Array<[unknown, RegExp]> = [
      [{ name: 'J', email: 'jan@example.com', message: 'Long enough message' }, /"name": must be 2 to 80 characters long/],
      [{ name: 'Jan', email: 'not-an-email', message: 'Long enough message' }, /"email": must be a valid e-mail address/],
      [{ name: 'Jan', email: 'jan@example.com', message: '   short   ' }, /"message": must be at least 10 characters long/],
      [{ name: 'Jan', email: 'jan@example.com', message: 'x'.repeat(4001) }, /"message": must be at most 4000 characters long/],
      [{ name: 'Jan', email: 'jan@example.com' }, /message/],
    ];
    for (const [payload, message] of cases) {
      const body = assertErrorBody(await post('royal', payload), 400, 'VALIDATION_ERROR');
      assert.match(body.message, message);
    }
    const after = await sqlRows<{ n: number }>(t.handle, 'SELECT count(*)::int AS n FROM contact_messages');
    assert.equal(after[0]!.n, before[0]!.n);
  });

  it('needs the XSRF header, an existing server, and is closed during the technical break', async () => {
    const noXsrf = await t.app.inject({
      method: 'POST',
      url: '/royal/contact',
      payload: { name: 'Jan', email: 'jan@example.com', message: 'Long enough message' },
      remoteAddress: nextIp(),
    });
    assertErrorBody(noXsrf, 403, 'XSRF_MISMATCH');
    assertErrorBody(await post('xx', { name: 'Jan', email: 'jan@example.com', message: 'Long enough message' }), 404, 'UNKNOWN_SERVER');
    await setTechnicalBreak(t.app.db, 'classic', true);
    try {
      const body = assertErrorBody(
        await post('classic', { name: 'Jan', email: 'jan@example.com', message: 'Long enough message' }),
        503,
        'TECHNICAL_BREAK',
      );
      assert.equal(body.message, 'Technical break is in progress');
    } finally {
      await setTechnicalBreak(t.app.db, 'classic', false);
    }
  });

  it(`answers 429 after ${CONTACT_RATE_LIMIT.max} messages a minute from one address`, async () => {
    const remoteAddress = '10.9.9.9';
    const payload = { name: 'Spammer', email: 'spam@example.com', message: 'Buy cheap coins now!!!' };
    for (let i = 0; i < CONTACT_RATE_LIMIT.max; i++) assert.equal((await post('pl', payload, { remoteAddress })).statusCode, 201);
    assertErrorBody(await post('pl', payload, { remoteAddress }), 429);
    assert.equal((await post('pl', payload, { remoteAddress: '10.9.9.10' })).statusCode, 201, 'other clients are not limited');
  });
});
