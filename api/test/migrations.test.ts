import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { getTableColumns, getTableName, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { MIGRATIONS_DIR } from '../src/config.js';
import type { DbHandle } from '../src/db/client.js';
import { MIGRATION_RANGES, readMigrations, runMigrations } from '../src/db/migrate.js';
import * as machinery from '../src/db/tables.js';
import * as auth from '../src/domains/auth/tables.js';
import * as bets from '../src/domains/bets/tables.js';
import * as contact from '../src/domains/contact/tables.js';
import * as core from '../src/domains/core/tables.js';
import * as leaderboard from '../src/domains/leaderboard/tables.js';
import * as news from '../src/domains/news/tables.js';
import * as newsletter from '../src/domains/newsletter/tables.js';
import * as telemetry from '../src/domains/telemetry/tables.js';
import { createTestDatabase, sqlRows, type TestDatabase } from './helpers.js';

describe('migrations', () => {
  let database: TestDatabase;
  let handle: DbHandle;
  let dir: string;

  before(async () => {
    database = await createTestDatabase();
    handle = await database.open();
    dir = mkdtempSync(join(tmpdir(), 'landing-api-migrations-'));
  });
  after(async () => {
    await handle?.close();
    await database?.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('the real migrations are well named, unique and ordered', () => {
    const files = readMigrations(MIGRATIONS_DIR);
    assert.ok(files.length >= 2);
    assert.deepEqual(
      files.map((f) => f.number),
      [...files.map((f) => f.number)].sort((a, b) => a - b),
    );
    for (const f of files) {
      assert.ok(
        MIGRATION_RANGES.some((r) => f.number >= r.from && f.number <= r.to),
        `${f.name} is in a reserved range`,
      );
    }
    assert.ok(files.some((f) => f.name.startsWith('0001_core')));
  });

  it('rejects a duplicate number and a bad file name', () => {
    const d1 = mkdtempSync(join(dir, 'dup-'));
    writeFileSync(join(d1, '0100_auth_users.sql'), 'select 1;');
    writeFileSync(join(d1, '0100_auth_sessions.sql'), 'select 1;');
    assert.throws(() => readMigrations(d1), /share the number 0100/);
    const d2 = mkdtempSync(join(dir, 'bad-'));
    writeFileSync(join(d2, '12_news.sql'), 'select 1;');
    assert.throws(() => readMigrations(d2), /must be named NNNN_/);
  });

  it('applies pending files in number order once, tracks them, and rolls back a failing one', async () => {
    const d = mkdtempSync(join(dir, 'run-'));
    writeFileSync(join(d, '0200_news_a.sql'), 'CREATE TABLE mt_news (id int PRIMARY KEY); INSERT INTO mt_news VALUES (1);');
    writeFileSync(join(d, '0100_auth_a.sql'), 'CREATE TABLE mt_auth (id int PRIMARY KEY);');
    const first = await runMigrations(handle, d);
    assert.deepEqual(first.applied, ['0100_auth_a.sql', '0200_news_a.sql']);
    assert.deepEqual((await runMigrations(handle, d)).applied, []);

    // A later, lower number (another domain's range) still runs.
    writeFileSync(join(d, '0150_auth_b.sql'), 'ALTER TABLE mt_auth ADD COLUMN email text;');
    assert.deepEqual((await runMigrations(handle, d)).applied, ['0150_auth_b.sql']);

    // A failing migration leaves nothing behind and is not recorded.
    writeFileSync(join(d, '0300_bets_broken.sql'), 'CREATE TABLE mt_bets (id int); SELECT no_such_function();');
    await assert.rejects(runMigrations(handle, d), /0300_bets_broken\.sql failed/);
    const [bets] = await sqlRows<{ t: string | null }>(handle, "SELECT to_regclass('mt_bets')::text AS t");
    assert.equal(bets!.t, null);
    const names = await sqlRows<{ name: string }>(handle, 'SELECT name FROM _migrations ORDER BY name');
    assert.deepEqual(
      names.map((n) => n.name),
      ['0100_auth_a.sql', '0150_auth_b.sql', '0200_news_a.sql'],
    );

    // Editing an applied file is reported, not re-run.
    writeFileSync(join(d, '0300_bets_broken.sql'), 'CREATE TABLE mt_bets (id int);');
    writeFileSync(join(d, '0200_news_a.sql'), '-- edited\nCREATE TABLE mt_news (id int PRIMARY KEY);');
    const edited = await runMigrations(handle, d);
    assert.deepEqual(edited.applied, ['0300_bets_broken.sql']);
    assert.deepEqual(edited.changed, ['0200_news_a.sql']);
  });

  it('the drizzle schema matches the tables created by the SQL migrations', async () => {
    await runMigrations(handle, MIGRATIONS_DIR);
    const modules = [machinery, core, leaderboard, auth, news, bets, contact, newsletter, telemetry];
    const tables = modules.flatMap((m) => Object.values(m) as unknown[]).filter((v): v is PgTable => v instanceof PgTable);
    assert.ok(tables.length >= 40);
    for (const table of tables) {
      const name = getTableName(table);
      // Selecting every declared column fails when one is missing or misnamed.
      await handle.db.select().from(table).limit(1);
      const columns = await sqlRows<{ column_name: string }>(
        handle,
        'SELECT column_name FROM information_schema.columns WHERE table_name = $1 AND table_schema = current_schema()',
        [name],
      );
      const declared = Object.values(getTableColumns(table)).map((c) => c.name);
      assert.deepEqual(new Set(columns.map((c) => c.column_name)), new Set(declared), `columns of ${name}`);
    }
    await handle.db.execute(sql`select 1`);
  });
});
