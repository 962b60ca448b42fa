import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { getTableColumns, getTableName } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { MIGRATIONS_DIR } from '../src/config.js';
import type { DbHandle } from '../src/db/client.js';
import { runMigrations } from '../src/db/migrate.js';
import * as bets from '../src/domains/bets/tables.js';
import { createTestDatabase, sqlRows, type TestDatabase } from './helpers.js';

describe('bets schema', () => {
  let database: TestDatabase;
  let handle: DbHandle;

  before(async () => {
    database = await createTestDatabase();
    handle = await database.open();
    await runMigrations(handle, MIGRATIONS_DIR);
  });
  after(async () => {
    await handle?.close();
    await database?.destroy();
  });

  it('the drizzle tables of src/domains/bets/tables.ts match migration 0300 column for column', async () => {
    const tables = (Object.values(bets) as unknown[]).filter((v): v is PgTable => v instanceof PgTable);
    assert.deepEqual(tables.map((t) => getTableName(t)).sort(), [
      'bet_matches',
      'bet_predictions',
      'bet_standings',
      'bet_teams',
      'bet_tournaments',
    ]);
    for (const table of tables) {
      await handle.db.select().from(table).limit(1);
      const columns = await sqlRows<{ column_name: string }>(
        handle,
        'SELECT column_name FROM information_schema.columns WHERE table_name = $1 AND table_schema = current_schema()',
        [getTableName(table)],
      );
      const declared = Object.values(getTableColumns(table)).map((c) => c.name);
      assert.deepEqual(new Set(columns.map((c) => c.column_name)), new Set(declared), `columns of ${getTableName(table)}`);
    }
  });

  it('the database refuses impossible data: one prediction per player and match, results in pairs, penalties only after a draw', async () => {
    const [t] = await sqlRows<{ id: number }>(
      handle,
      `INSERT INTO bet_tournaments (code, name, starts_at, ends_at) VALUES ('test-cup', 'Test Cup', now(), now()) RETURNING id`,
    );
    const teams = await sqlRows<{ id: number }>(
      handle,
      `INSERT INTO bet_teams (code, name, region) VALUES ('AAA', 'A', 'AA'), ('BBB', 'B', 'BB') RETURNING id`,
    );
    const [m] = await sqlRows<{ id: number }>(
      handle,
      `INSERT INTO bet_matches (tournament_id, stage, group_code, home_team_id, away_team_id, kickoff_at) VALUES ($1, 'group', 'A', $2, $3, now()) RETURNING id`,
      [t!.id, teams[0]!.id, teams[1]!.id],
    );
    const [p] = await sqlRows<{ id: number }>(
      handle,
      `INSERT INTO players (server, nickname, country, ovr) VALUES ('pl', 'SchemaTester', 'PL', 50) RETURNING id`,
    );
    await sqlRows(handle, 'INSERT INTO bet_predictions (match_id, player_id, home_score, away_score) VALUES ($1, $2, 1, 0)', [
      m!.id,
      p!.id,
    ]);
    await assert.rejects(
      sqlRows(handle, 'INSERT INTO bet_predictions (match_id, player_id, home_score, away_score) VALUES ($1, $2, 2, 0)', [m!.id, p!.id]),
    );
    await assert.rejects(sqlRows(handle, 'UPDATE bet_matches SET home_score = 1 WHERE id = $1', [m!.id]), 'a result needs both scores');
    await assert.rejects(sqlRows(handle, 'UPDATE bet_predictions SET home_score = 21 WHERE match_id = $1', [m!.id]));
    await assert.rejects(
      sqlRows(
        handle,
        `UPDATE bet_matches SET stage = 'final', group_code = NULL, home_score = 2, away_score = 1, home_penalties = 4, away_penalties = 3 WHERE id = $1`,
        [m!.id],
      ),
      'penalties need a draw',
    );
    await assert.rejects(sqlRows(handle, `UPDATE bet_matches SET group_code = NULL WHERE id = $1`, [m!.id]), 'a group match has a group');
  });
});
