-- Read-cache invalidation and shared state for several API processes (issue 12, range 0001-0099).
--
-- Every API process keeps the answers of its read routes in memory (src/lib/read-cache.ts).
-- A write to a table those answers are built from sends a notification on channel
-- `landing_cache` with the topic it changes; every process LISTENs and drops that topic's
-- answers. Statement-level triggers catch every writer: routes of any process, the demo tickers,
-- the CLI, seeds, psql. PostgreSQL sends notifications at commit (none for a rolled-back
-- transaction) and folds duplicates within one transaction.
CREATE FUNCTION landing_cache_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('landing_cache', TG_ARGV[0]);
  RETURN NULL;
END
$$;

-- core: technical break and other settings, servers, landing header texts.
CREATE TRIGGER servers_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON servers
  FOR EACH STATEMENT EXECUTE FUNCTION landing_cache_bump('core');
CREATE TRIGGER settings_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON settings
  FOR EACH STATEMENT EXECUTE FUNCTION landing_cache_bump('core');
CREATE TRIGGER landing_header_texts_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON landing_header_texts
  FOR EACH STATEMENT EXECUTE FUNCTION landing_cache_bump('core');

-- leaderboard: players (also authors of comments and bettors), teams, weekly points, prizes.
CREATE TRIGGER teams_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON teams
  FOR EACH STATEMENT EXECUTE FUNCTION landing_cache_bump('leaderboard');
CREATE TRIGGER players_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON players
  FOR EACH STATEMENT EXECUTE FUNCTION landing_cache_bump('leaderboard');
CREATE TRIGGER weekly_points_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON weekly_points
  FOR EACH STATEMENT EXECUTE FUNCTION landing_cache_bump('leaderboard');
CREATE TRIGGER weekly_prizes_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON weekly_prizes
  FOR EACH STATEMENT EXECUTE FUNCTION landing_cache_bump('leaderboard');

-- Counters of @fastify/rate-limit shared by every API process on PostgreSQL (store:
-- rate-limiter-flexible's RateLimiterDrizzle, src/lib/rate-limit-store.ts). `key` = route + client.
CREATE TABLE rate_limits (
  key    text PRIMARY KEY,
  points integer NOT NULL DEFAULT 0,
  expire timestamptz
);
CREATE INDEX rate_limits_expire_idx ON rate_limits (expire);
