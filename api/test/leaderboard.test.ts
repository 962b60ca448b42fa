import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LeaderboardResponse } from '@landing/domain/schemas/leaderboard';
import { weekOf } from '../src/lib/week.js';
import { previousWeekStart } from '../src/lib/week.js';
import { assertErrorBody, setupTestApp, sqlRows } from './helpers.js';

type Board = ReturnType<typeof LeaderboardResponse.parse>;

function assertPlayerOrder(rows: Board['ranking']): void {
  rows.forEach((r, i) => {
    assert.equal(r.position, i + 1);
    const next = rows[i + 1];
    if (!next) return;
    const ordered = r.points > next.points || (r.points === next.points && (r.ovr > next.ovr || (r.ovr === next.ovr && r.id < next.id)));
    assert.ok(ordered, `row ${i + 1} (${JSON.stringify(r)}) must come before ${JSON.stringify(next)}`);
  });
}

describe('GET /:server/leaderboard', () => {
  const t = setupTestApp();

  it('answers ranking, ranking_teams, prizes and week with the documented shape (top 50 by default)', async () => {
    const res = await t.app.inject({ url: '/pl/leaderboard' });
    assert.equal(res.statusCode, 200);
    const body = LeaderboardResponse.parse(res.json());
    assert.equal(body.ranking.length, 50);
    assert.equal(body.ranking_teams.length, 50);
    for (const p of body.ranking) {
      assert.match(p.country, /^[A-Z]{2}$/);
      assert.ok(p.ovr >= 40 && p.ovr <= 99);
      assert.ok(p.nickname.length >= 3);
    }
    for (const team of body.ranking_teams) assert.match(team.badge_color, /^#[0-9a-f]{6}$/);
    assert.ok(new Set(body.ranking.map((p) => p.country)).size >= 3, 'several nationalities');
    // Each row's club is the name of the player's team, null for a player in none.
    const clubs = await sqlRows<{ id: number; club: string | null }>(
      t.handle,
      `SELECT p.id, t.name AS club FROM players p LEFT JOIN teams t ON t.id = p.team_id WHERE p.id = ANY($1::int[])`,
      [body.ranking.map((p) => p.id)],
    );
    const clubOf = new Map(clubs.map((r) => [Number(r.id), r.club]));
    assert.deepEqual(
      body.ranking.map((p) => p.club),
      body.ranking.map((p) => clubOf.get(p.id)),
    );
    assertPlayerOrder(body.ranking);
    // The week is the server's (spec §9): Monday 00:00 in Europe/Warsaw to the next Monday.
    assert.equal(body.week.time_zone, 'Europe/Warsaw');
    const week = weekOf('Europe/Warsaw');
    assert.deepEqual(body.week, { start: week.start.toISOString(), end: week.end.toISOString(), time_zone: 'Europe/Warsaw' });
    body.ranking_teams.forEach((r, i) => {
      assert.equal(r.position, i + 1);
      const next = body.ranking_teams[i + 1];
      if (next) {
        assert.ok(
          r.points > next.points ||
            (r.points === next.points && (r.members > next.members || (r.members === next.members && r.id < next.id))),
        );
      }
    });
  });

  it("returns exactly the current week's top rows from the database", async () => {
    const week = weekOf('Europe/Istanbul');
    const expected = await sqlRows<{ id: number; points: number }>(
      t.handle,
      `SELECT p.id, w.points FROM weekly_points w JOIN players p ON p.id = w.player_id
       WHERE p.server = 'royal' AND w.week_start = $1 AND w.points > 0
       ORDER BY w.points DESC, p.ovr DESC, p.id ASC LIMIT 20`,
      [week.startDate],
    );
    const body = (await t.app.inject({ url: '/royal/leaderboard?limit=20' })).json() as Board;
    assert.deepEqual(
      body.ranking.map((r) => ({ id: r.id, points: r.points })),
      expected,
    );

    const [top] = body.ranking_teams;
    assert.ok(top);
    const [sum] = await sqlRows<{ points: number; members: number }>(
      t.handle,
      `SELECT (SELECT count(*)::int FROM players WHERE team_id = $1) AS members,
              (SELECT coalesce(sum(w.points), 0)::int FROM weekly_points w JOIN players p ON p.id = w.player_id
                WHERE p.team_id = $1 AND w.week_start = $2) AS points`,
      [top.id, week.startDate],
    );
    assert.deepEqual({ points: top.points, members: top.members }, sum);
  });

  it('breaks ties by ovr desc, then id asc', async () => {
    const week = weekOf('Atlantic/Azores');
    const [max] = await sqlRows<{ m: number }>(
      t.handle,
      `SELECT max(w.points)::int AS m FROM weekly_points w JOIN players p ON p.id = w.player_id WHERE p.server = 'classic' AND w.week_start = $1`,
      [week.startDate],
    );
    const top = (max?.m ?? 0) + 1000;
    const ids = await sqlRows<{ id: number; nickname: string }>(
      t.handle,
      `INSERT INTO players (server, nickname, country, ovr) VALUES
        ('classic', 'TieLowOvr', 'PT', 70), ('classic', 'TieHighOvrFirst', 'BR', 88), ('classic', 'TieHighOvrSecond', 'ES', 88)
       RETURNING id, nickname`,
    );
    for (const p of ids) {
      await sqlRows(t.handle, `INSERT INTO weekly_points (player_id, week_start, points) VALUES ($1, $2, $3)`, [p.id, week.startDate, top]);
    }
    // A huge score in the previous week must not count.
    const [old] = await sqlRows<{ id: number }>(
      t.handle,
      `INSERT INTO players (server, nickname, country, ovr) VALUES ('classic', 'LastWeekHero', 'IT', 99) RETURNING id`,
    );
    await sqlRows(t.handle, `INSERT INTO weekly_points (player_id, week_start, points) VALUES ($1, $2, $3)`, [
      old!.id,
      previousWeekStart(week.startDate),
      top * 10,
    ]);

    const body = (await t.app.inject({ url: '/classic/leaderboard?limit=5' })).json() as Board;
    assert.deepEqual(
      body.ranking.slice(0, 3).map((r) => [r.position, r.nickname, r.points]),
      [
        [1, 'TieHighOvrFirst', top],
        [2, 'TieHighOvrSecond', top],
        [3, 'TieLowOvr', top],
      ],
    );
    assert.ok(!body.ranking.some((r) => r.nickname === 'LastWeekHero'));
    assert.equal(body.ranking.length, 5);
  });

  it('applies ?limit= to both lists (1..100)', async () => {
    for (const limit of [1, 7, 100]) {
      const body = (await t.app.inject({ url: `/pl/leaderboard?limit=${limit}` })).json() as Board;
      assert.equal(body.ranking.length, limit);
      assert.equal(body.ranking_teams.length, limit);
      assertPlayerOrder(body.ranking);
    }
  });

  for (const bad of ['0', '101', '-3', 'abc', '2.5', '']) {
    it(`rejects limit=${JSON.stringify(bad)} with 400 and a readable message`, async () => {
      const res = await t.app.inject({ url: `/pl/leaderboard?limit=${encodeURIComponent(bad)}` });
      const body = assertErrorBody(res, 400, 'VALIDATION_ERROR');
      assert.match(body.message, /limit/);
      assert.match(body.message, /between 1 and 100/);
    });
  }

  it('answers the weekly Top 3 prizes stored for the server', async () => {
    for (const server of ['pl', 'royal']) {
      const body = (await t.app.inject({ url: `/${server}/leaderboard?limit=1` })).json() as Board;
      const rows = await sqlRows(t.handle, 'SELECT place, euro, energy, keys FROM weekly_prizes WHERE server = $1 ORDER BY place', [
        server,
      ]);
      assert.deepEqual(body.prizes, rows);
      assert.deepEqual(
        body.prizes.map((p) => p.place),
        [1, 2, 3],
      );
      assert.ok(body.prizes[0]!.euro > body.prizes[2]!.euro);
    }
  });

  it("gives the current week in the server's time zone (Monday 00:00 to next Monday 00:00)", async () => {
    const body = (await t.app.inject({ url: '/pl/leaderboard?limit=1' })).json() as Board;
    const start = new Date(body.week.start);
    const end = new Date(body.week.end);
    const now = Date.now();
    assert.ok(start.getTime() <= now && now < end.getTime());
    const local = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Warsaw',
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    assert.equal(local.format(start), 'Mon 00:00');
    assert.equal(local.format(end), 'Mon 00:00');
    assert.ok(Math.abs(end.getTime() - start.getTime() - 7 * 86_400_000) <= 3_600_000);
  });
});
