/**
 * The read cache (src/lib/read-cache.ts): answers of the read routes are served from memory with ETag/304 and
 * a Cache-Control that lets shared caches keep them; writes invalidate them; the per-viewer parts
 * (own ballot, predictions, ranking row) are separate private answers; and a cached answer is
 * never stale for the player who just wrote.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createSession } from '../src/domains/auth/sessions.js';
import { weekOf } from '../src/lib/week.js';
import { SERVERS } from '@landing/domain';
import { setupTestApp, sqlRows, xsrfPair } from './helpers.js';

describe('read cache', () => {
  const t = setupTestApp();

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });
  const send = async (method: 'POST' | 'PUT', url: string, payload: unknown, headers: Record<string, string> = {}) => {
    const x = await xsrfPair(t.app);
    return t.app.inject({
      method,
      url,
      payload: payload as Record<string, unknown>,
      cookies: x.cookies,
      headers: { ...x.headers, ...headers },
    });
  };

  /** A player of `server` with an active account and a session (created in the database). */
  async function login(server: string, nickname: string, ovr = 70): Promise<{ headers: Record<string, string>; playerId: number }> {
    const [player] = await sqlRows<{ id: number }>(
      t.handle,
      `INSERT INTO players (server, nickname, country, ovr) VALUES ($1, $2, 'PL', $3) RETURNING id`,
      [server, nickname, ovr],
    );
    const [account] = await sqlRows<{ id: number }>(
      t.handle,
      `INSERT INTO auth_accounts (server, nickname, email, status, player_id, activated_at) VALUES ($1, $2, $3, 'active', $4, now()) RETURNING id`,
      [server, nickname, `${nickname.toLowerCase()}@example.com`, player!.id],
    );
    const session = await createSession(t.app.db, account!.id, { method: 'password', ip: null, ttlS: 3600 });
    return { headers: { 'x-auth-token': session.token, 'x-auth-id': session.uid }, playerId: player!.id };
  }

  describe('HTTP caching of viewer-independent answers', () => {
    for (const path of ['/royal/stats', '/royal/leaderboard', '/royal/news', '/royal/landing', '/royal/bets/ranking']) {
      it(`${path}: public, revalidated with its ETag (304 when unchanged)`, async () => {
        const first = await get(path);
        assert.equal(first.statusCode, 200, first.body);
        assert.equal(first.headers['cache-control'], 'public, no-cache');
        const etag = String(first.headers.etag);
        assert.match(etag, /^"[A-Za-z0-9_-]+"$/);
        const again = await get(path, { 'if-none-match': etag });
        assert.equal(again.statusCode, 304);
        assert.equal(again.body, '');
        const other = await get(path, { 'if-none-match': '"something-else"' });
        assert.equal(other.statusCode, 200);
        assert.deepEqual(other.json(), first.json());
      });
    }

    it('language-dependent answers vary on X-Lang (next to CORS’s Origin) and are cached per language', async () => {
      for (const path of ['/royal/news', '/royal/landing']) {
        const en = await get(path, { origin: 'http://localhost:3000' });
        const pl = await get(path, { 'x-lang': 'pl', origin: 'http://localhost:3000' });
        assert.match(String(en.headers.vary), /Origin/);
        assert.match(String(en.headers.vary), /X-Lang/);
        assert.notEqual(en.headers.etag, pl.headers.etag, `${path} differs by language`);
      }
      const en = (await get('/royal/landing')).json() as { landing_header_code: string };
      const pl = (await get('/royal/landing', { 'x-lang': 'pl' })).json() as { landing_header_code: string };
      assert.notEqual(en.landing_header_code, pl.landing_header_code);
    });

    it('the per-viewer answers are private and never stored', async () => {
      const me = await login('royal', 'PrivateReader');
      const [slug] = await sqlRows<{ slug: string }>(
        t.handle,
        `SELECT a.slug FROM news_articles a JOIN news_polls p ON p.article_id = a.id WHERE a.server = 'royal' AND a.published_at <= now() LIMIT 1`,
      );
      const code = ((await get('/royal/bets/tournaments')).json() as { current: string }).current;
      for (const path of [`/royal/news/${slug!.slug}/ballot`, `/royal/bets/tournaments/${code}/predictions`, '/royal/bets/ranking/me']) {
        const res = await get(path, me.headers);
        assert.equal(res.statusCode, 200, `${path}: ${res.body}`);
        assert.equal(res.headers['cache-control'], 'private, no-store', path);
      }
    });

    it('answers carrying the bets clock give it fresh every time, the rest from the cache', async () => {
      const a = (await get('/royal/bets/tournaments')).json() as { now: string; tournaments: unknown[] };
      await new Promise((r) => setTimeout(r, 15));
      const b = (await get('/royal/bets/tournaments')).json() as { now: string; tournaments: unknown[] };
      assert.ok(Date.parse(b.now) > Date.parse(a.now), 'the clock moved');
      assert.deepEqual(b.tournaments, a.tournaments);
    });
  });

  describe('writes invalidate, and the writer sees their write on the next read', () => {
    it('a comment is in the next article and comments list read (both cached before)', async () => {
      const writer = await login('royal', 'CacheWriter', 80);
      const [row] = await sqlRows<{ slug: string }>(
        t.handle,
        `SELECT slug FROM news_articles WHERE server = 'royal' AND published_at <= now() ORDER BY published_at DESC LIMIT 1`,
      );
      const slug = row!.slug;
      const before = (await get(`/royal/news/${slug}`, writer.headers)).json() as {
        comments_count: number;
        comments: Array<{ id: number }>;
      };
      await get(`/royal/news/${slug}/comments`, writer.headers);
      await get('/royal/news', writer.headers);
      const posted = await send('POST', `/royal/news/${slug}/comments`, { text: 'Fresh from the oven, never stale.' }, writer.headers);
      assert.equal(posted.statusCode, 201, posted.body);
      const id = (posted.json() as { comment: { id: number } }).comment.id;
      const after = (await get(`/royal/news/${slug}`, writer.headers)).json() as {
        comments_count: number;
        comments: Array<{ id: number }>;
      };
      assert.equal(after.comments_count, before.comments_count + 1);
      assert.equal(after.comments[0]!.id, id);
      const list = (await get(`/royal/news/${slug}/comments`, writer.headers)).json() as { comments: Array<{ id: number }> };
      assert.equal(list.comments[0]!.id, id);
      const cards = (await get('/royal/news', writer.headers)).json() as { items: Array<{ slug: string; comments_count: number }> };
      const card = cards.items.find((c) => c.slug === slug);
      if (card) assert.equal(card.comments_count, after.comments_count);
    });

    it('a vote: the next article read counts it, and the ballot answer has the voter’s choice', async () => {
      const voter = await login('royal', 'CacheVoter', 90);
      const [row] = await sqlRows<{ slug: string }>(
        t.handle,
        `SELECT a.slug FROM news_articles a JOIN news_polls p ON p.article_id = a.id
         WHERE a.server = 'royal' AND a.published_at <= now() AND p.finish_at > now() AND p.type = 'single' AND p.limit_ovr <= 90 LIMIT 1`,
      );
      const slug = row!.slug;
      type Poll = { id: number; total_votes: number; options: Array<{ id: number; votes: number }>; voted_options: number[] | null };
      const before = ((await get(`/royal/news/${slug}`, voter.headers)).json() as { poll: Poll }).poll;
      assert.equal(before.voted_options, null, 'the public article never carries a ballot');
      assert.deepEqual((await get(`/royal/news/${slug}/ballot`, voter.headers)).json(), { poll_id: before.id, voted_options: null });
      const choice = before.options[0]!;
      const res = await send('POST', '/royal/votes', { questionnaire_id: before.id, options: [choice.id] }, voter.headers);
      assert.equal(res.statusCode, 200, res.body);
      const after = ((await get(`/royal/news/${slug}`, voter.headers)).json() as { poll: Poll }).poll;
      assert.equal(after.total_votes, before.total_votes + 1);
      assert.equal(after.options[0]!.votes, choice.votes + 1);
      assert.equal(after.voted_options, null);
      assert.deepEqual((await get(`/royal/news/${slug}/ballot`, voter.headers)).json(), { poll_id: before.id, voted_options: [choice.id] });
      assert.deepEqual(
        (await get(`/royal/news/${slug}/ballot`)).json(),
        { poll_id: before.id, voted_options: null },
        'a visitor has no ballot',
      );
    });

    it('a prediction: in the next predictions read, the match picks and the ranking row', async () => {
      const bettor = await login('royal', 'CacheBettor');
      const tournaments = (await get('/royal/bets/tournaments')).json() as { current: string };
      const code = tournaments.current;
      type Match = { id: number; status: string; picks: { total: number }; prediction: unknown };
      const matchesOf = async () =>
        (
          (await get(`/royal/bets/tournaments/${code}/matches`, bettor.headers)).json() as {
            stages: Array<{ matches: Match[] }>;
            viewer: unknown;
          }
        ).stages.flatMap((s) => s.matches);
      const open = (await matchesOf()).find((m) => m.status === 'open');
      assert.ok(open, 'an open match');
      await get('/royal/bets/ranking/me', bettor.headers);
      const res = await send('PUT', `/royal/bets/matches/${open.id}/prediction`, { home_score: 2, away_score: 1 }, bettor.headers);
      assert.equal(res.statusCode, 200, res.body);
      const own = (await get(`/royal/bets/tournaments/${code}/predictions`, bettor.headers)).json() as {
        viewer: { player_id: number };
        predictions: Array<{ match_id: number; home: number; away: number }>;
      };
      assert.equal(own.viewer.player_id, bettor.playerId);
      assert.deepEqual(
        own.predictions.map((p) => [p.match_id, p.home, p.away]),
        [[open.id, 2, 1]],
      );
      const after = (await matchesOf()).find((m) => m.id === open.id)!;
      assert.equal(after.picks.total, open.picks.total + 1);
      assert.equal(after.prediction, null, 'the public list has no viewer data');
      const me = (await get('/royal/bets/ranking/me', bettor.headers)).json() as { me: { player_id: number; total_bets: number } };
      assert.equal(me.me.player_id, bettor.playerId);
      assert.equal(me.me.total_bets, 1);
      // Changed again: the next read has the new score.
      await send('PUT', `/royal/bets/matches/${open.id}/prediction`, { home_score: 0, away_score: 0 }, bettor.headers);
      const changed = (await get(`/royal/bets/tournaments/${code}/predictions`, bettor.headers)).json() as {
        predictions: Array<{ home: number; away: number }>;
      };
      assert.deepEqual(
        changed.predictions.map((p) => [p.home, p.away]),
        [[0, 0]],
      );
    });

    it('a write by anyone else (a ticker, the CLI, SQL) reaches the cached leaderboard, stats and technical break', async () => {
      const week = weekOf(SERVERS.royal.timeZone).startDate;
      const board = (await get('/royal/leaderboard?limit=1')).json() as { ranking: Array<{ points: number }> };
      const stats = (await get('/royal/stats')).json() as { users: number };
      const [p] = await sqlRows<{ id: number }>(
        t.handle,
        `INSERT INTO players (server, nickname, country, ovr) VALUES ('royal', 'SqlChampion', 'PL', 60) RETURNING id`,
      );
      await sqlRows(t.handle, 'INSERT INTO weekly_points (player_id, week_start, points) VALUES ($1, $2, $3)', [
        p!.id,
        week,
        board.ranking[0]!.points + 1000,
      ]);
      const top = (await get('/royal/leaderboard?limit=1')).json() as { ranking: Array<{ nickname: string }> };
      assert.equal(top.ranking[0]!.nickname, 'SqlChampion');
      assert.equal(((await get('/royal/stats')).json() as { users: number }).users, stats.users + 1);

      assert.equal((await get('/royal/landing')).statusCode, 200);
      await sqlRows(t.handle, `INSERT INTO settings (scope, key, value) VALUES ('royal', 'technical_break', 'true'::jsonb)`);
      assert.equal((await get('/royal/stats')).statusCode, 503);
      assert.equal(((await get('/royal/landing')).json() as { technical_break: boolean }).technical_break, true);
      await sqlRows(t.handle, `DELETE FROM settings WHERE scope = 'royal' AND key = 'technical_break'`);
      assert.equal((await get('/royal/stats')).statusCode, 200);
    });
  });

  describe('precomputed team totals', () => {
    it('weekly_team_points and team_members equal the aggregates they replace, through joins, moves and deletes', async () => {
      const check = async () => {
        const diff = await sqlRows<{ n: number }>(
          t.handle,
          `WITH agg AS (
             SELECT p.team_id, w.week_start, sum(w.points)::int AS points FROM weekly_points w JOIN players p ON p.id = w.player_id
             WHERE p.team_id IS NOT NULL GROUP BY p.team_id, w.week_start)
           SELECT count(*)::int AS n FROM agg FULL JOIN weekly_team_points x ON x.team_id = agg.team_id AND x.week_start = agg.week_start
           WHERE coalesce(agg.points, 0) <> coalesce(x.points, 0)`,
        );
        assert.equal(diff[0]!.n, 0, 'team points match the sum of members');
        const members = await sqlRows<{ n: number }>(
          t.handle,
          `SELECT count(*)::int AS n FROM teams t LEFT JOIN team_members m ON m.team_id = t.id
           WHERE coalesce(m.members, 0) <> (SELECT count(*) FROM players p WHERE p.team_id = t.id)`,
        );
        assert.equal(members[0]!.n, 0, 'member counts match');
      };
      await check();
      const week = weekOf(SERVERS.royal.timeZone).startDate;
      const [a, b] = await sqlRows<{ id: number }>(t.handle, `SELECT id FROM teams WHERE server = 'royal' ORDER BY id LIMIT 2`);
      const [p] = await sqlRows<{ id: number }>(
        t.handle,
        `INSERT INTO players (server, nickname, country, ovr, team_id) VALUES ('royal', 'TeamHopper', 'PL', 60, $1) RETURNING id`,
        [a!.id],
      );
      await sqlRows(t.handle, 'INSERT INTO weekly_points (player_id, week_start, points) VALUES ($1, $2, 40)', [p!.id, week]);
      await sqlRows(t.handle, 'UPDATE weekly_points SET points = points + 2 WHERE player_id = $1', [p!.id]);
      await check();
      await sqlRows(t.handle, 'UPDATE players SET team_id = $2 WHERE id = $1', [p!.id, b!.id]);
      await check();
      await sqlRows(t.handle, 'UPDATE players SET team_id = NULL WHERE id = $1', [p!.id]);
      await check();
      await sqlRows(t.handle, 'UPDATE players SET team_id = $2 WHERE id = $1', [p!.id, a!.id]);
      await sqlRows(t.handle, 'DELETE FROM players WHERE id = $1', [p!.id]);
      await check();
    });
  });
});
