/**
 * Database errors reach the log as their SQLSTATE code and statement name, never with the
 * statement's parameters (src/lib/log-redaction.ts, docs/SECURITY.md "V16").
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { authAccounts } from '../src/domains/auth/tables.js';
import { statementName } from '../src/lib/log-redaction.js';
import { assertErrorBody, setupTestApp } from './helpers.js';

const SECRET_EMAIL = 'leak.canary@example.org';
const SECRET_HASH = '$argon2id$v=19$m=19456,t=2,p=1$canary-salt$canary-hash';
const SECRET_NICK = 'CanaryNick';

describe('database errors in the log: code and statement, no parameters', () => {
  const lines: string[] = [];
  const t = setupTestApp({ logStream: { write: (line: string) => void lines.push(line) }, config: { logLevel: 'warn' } });

  before(() => {
    // A statement that fails in the database (no server `zz`: foreign key violation) with an
    // e-mail, a password hash and a name among its parameters.
    t.app.get('/__test/db-error', async () => {
      await t.app.db.insert(authAccounts).values({ server: 'zz', nickname: SECRET_NICK, email: SECRET_EMAIL, passwordHash: SECRET_HASH });
      return { ok: true };
    });
  });

  const leaks = (text: string) => [SECRET_EMAIL, SECRET_HASH, 'canary-hash', SECRET_NICK, "'zz'", '(zz)'].filter((s) => text.includes(s));

  it('a failed statement answers 500 and logs SQLSTATE 23503 and `insert auth_accounts`, not the e-mail, hash or name', async () => {
    lines.length = 0;
    assertErrorBody(await t.app.inject({ url: '/__test/db-error' }), 500, 'SERVER_ERROR');
    const logged = lines
      .map((l) => JSON.parse(l) as { msg: string; err?: Record<string, unknown> })
      .find((l) => l.msg === 'unhandled error');
    assert.ok(logged?.err, `an "unhandled error" line in: ${lines.join('')}`);
    assert.equal(logged.err.code, '23503');
    assert.equal(logged.err.statement, 'insert auth_accounts');
    assert.equal(logged.err.table, 'auth_accounts');
    assert.match(String(logged.err.constraint), /server/);
    assert.match(String(logged.err.stack), /^\s+at /, 'stack frames are kept');
    assert.deepEqual(leaks(lines.join('')), [], 'no parameter in the log');
  });

  it('`log.error(err)` with a database error: no parameter in the message either', async () => {
    let caught: unknown;
    try {
      await t.app.db.insert(authAccounts).values({ server: 'zz', nickname: SECRET_NICK, email: SECRET_EMAIL, passwordHash: SECRET_HASH });
    } catch (err) {
      caught = err;
    }
    assert.ok(caught instanceof Error && leaks(caught.message).length > 0, 'the raw error does carry the parameters');
    lines.length = 0;
    t.app.log.error(caught);
    t.app.log.warn({ err: caught }, 'mail job failed, retrying');
    t.app.log.error(`wrapped: ${(caught as Error).message}`);
    assert.equal(lines.length, 3);
    assert.deepEqual(leaks(lines.join('')), [], lines.join(''));
    assert.equal(JSON.parse(lines[0]!).msg, 'database error 23503 in insert auth_accounts');
  });

  it('statement names: verb and table', () => {
    assert.equal(statementName('insert into "auth_accounts" ("id", "server") values (default, $1)'), 'insert auth_accounts');
    assert.equal(statementName('update "auth_sessions" set "revoked_at" = $1 where "auth_sessions"."id" = $2'), 'update auth_sessions');
    assert.equal(statementName('delete from "auth_tokens" where "auth_tokens"."token_hash" = $1'), 'delete auth_tokens');
    assert.equal(statementName('select "id" from "auth_accounts" where "auth_accounts"."email" = $1'), 'select auth_accounts');
    assert.equal(statementName('SELECT 1'), 'select');
  });
});
