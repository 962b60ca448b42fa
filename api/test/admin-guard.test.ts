/**
 * `/admin/*`: a flood guard per IP, and every admin action in the log with what it changed
 * (src/lib/admin.ts, docs/SECURITY.md "V8", "V16"). The secret's length is start-guards.test.ts.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ADMIN_FLOOD_GUARD } from '../src/lib/admin.js';
import { assertErrorBody, setupTestApp } from './helpers.js';

const SECRET = 'admin-guard-secret-0123456789abcdef';

interface AdminLine {
  msg: string;
  level: number;
  admin?: { action: string; ip: string; params: unknown; query: unknown; body: unknown; status: number; result: unknown };
}

describe('admin routes: flood guard and action log', () => {
  const lines: string[] = [];
  const t = setupTestApp({ logStream: { write: (l: string) => void lines.push(l) }, config: { adminSecret: SECRET, logLevel: 'info' } });
  const parsed = () => lines.map((l) => JSON.parse(l) as AdminLine);

  const send = (method: 'GET' | 'POST', url: string, body?: object, secret = SECRET, ip = '10.77.0.1') =>
    t.app.inject({
      method,
      url,
      headers: { 'x-admin-secret': secret, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { payload: body } : {}),
      remoteAddress: ip,
    });

  it('every admin action is logged with what it asked for, its status and the state it left', async () => {
    lines.length = 0;
    const on = await send('POST', '/admin/technical-break', { enabled: true, server: 'royal' });
    assert.equal(on.statusCode, 200, on.body);
    const off = await send('POST', '/admin/technical-break', { enabled: false, server: 'royal' });
    assert.equal(off.statusCode, 200, off.body);
    const clock = await send('POST', '/admin/bets/clock', { offset_ms: 60_000 });
    assert.equal(clock.statusCode, 200, clock.body);
    await send('POST', '/admin/bets/clock', { reset: true });
    const bad = await send('POST', '/admin/bets/clock', { offset_ms: 1e15 });
    assert.equal(bad.statusCode, 400);
    await send('GET', '/admin/technical-break');

    const actions = parsed().filter((l) => l.msg === 'admin action');
    assert.deepEqual(
      actions.map((a) => [a.admin!.action, a.admin!.status]),
      [
        ['POST /admin/technical-break', 200],
        ['POST /admin/technical-break', 200],
        ['POST /admin/bets/clock', 200],
        ['POST /admin/bets/clock', 200],
        ['POST /admin/bets/clock', 400],
      ],
      'each change once, reads not at all',
    );
    const first = actions[0]!.admin!;
    assert.deepEqual(first.body, { enabled: true, server: 'royal' });
    assert.equal(first.ip, '10.77.0.1');
    assert.deepEqual(first.result, on.json(), 'the state after the change');
    assert.equal(actions[2]!.admin!.body && (actions[2]!.admin!.body as { offset_ms: number }).offset_ms, 60_000);
    assert.equal((actions[2]!.admin!.result as { offset_ms: number }).offset_ms, 60_000);
    assert.ok(!lines.join('').includes(SECRET), 'the secret is never logged');
  });

  it('a wrong secret is refused (401) and logged as a warning; a flood from one IP gets 429 before the secret is checked', async () => {
    lines.length = 0;
    const ip = '10.77.0.2';
    assertErrorBody(await send('POST', '/admin/technical-break', { enabled: true }, 'wrong-secret', ip), 401, 'UNAUTHORIZED');
    const refused = parsed().find((l) => l.msg === 'admin secret refused');
    assert.equal(refused?.admin?.action, 'POST /admin/technical-break');
    assert.equal(refused?.level, 40);
    assert.ok(!parsed().some((l) => l.msg === 'admin action'), 'a refused request changed nothing');

    for (let i = 1; i < ADMIN_FLOOD_GUARD.max; i++) await send('GET', '/admin/technical-break', undefined, `guess-${i}`, ip);
    assertErrorBody(await send('GET', '/admin/technical-break', undefined, SECRET, ip), 429, 'TOO_MANY_REQUESTS');
    // Another address is not affected.
    assert.equal((await send('GET', '/admin/technical-break', undefined, SECRET, '10.77.0.3')).statusCode, 200);
  });
});
