-- Read-cache invalidation only for writes that change something.
--
-- The statement triggers of 0004 notified for every statement, also one that changed no row (an
-- `INSERT … ON CONFLICT DO NOTHING` that did nothing, an `UPDATE` that matched nothing or wrote the
-- same values). Each notification drops answers in every API process and pages in every page
-- server (`GET /changes`), so a player repeating a refused write could keep every cache cold.
--
-- landing_cache_on_change(table, topic) replaces a table's `<table>_cache` statement trigger with
-- row triggers: a row inserted or deleted, a row updated to different values, and TRUNCATE.
-- PostgreSQL folds duplicate notifications within one transaction, so a statement that changes
-- many rows still sends one per topic.
CREATE FUNCTION landing_cache_on_change(tbl regclass, topic text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  name text := (SELECT relname FROM pg_class WHERE oid = tbl);
BEGIN
  EXECUTE format('DROP TRIGGER IF EXISTS %I ON %s', name || '_cache', tbl);
  EXECUTE format(
    'CREATE TRIGGER %I AFTER INSERT OR DELETE ON %s FOR EACH ROW EXECUTE FUNCTION landing_cache_bump(%L)',
    name || '_cache_rows', tbl, topic);
  EXECUTE format(
    'CREATE TRIGGER %I AFTER UPDATE ON %s FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION landing_cache_bump(%L)',
    name || '_cache_updates', tbl, topic);
  EXECUTE format(
    'CREATE TRIGGER %I AFTER TRUNCATE ON %s FOR EACH STATEMENT EXECUTE FUNCTION landing_cache_bump(%L)',
    name || '_cache_truncate', tbl, topic);
END
$$;

SELECT landing_cache_on_change('servers', 'core');
SELECT landing_cache_on_change('settings', 'core');
SELECT landing_cache_on_change('landing_header_texts', 'core');
SELECT landing_cache_on_change('teams', 'leaderboard');
SELECT landing_cache_on_change('players', 'leaderboard');
SELECT landing_cache_on_change('weekly_points', 'leaderboard');
SELECT landing_cache_on_change('weekly_prizes', 'leaderboard');
SELECT landing_cache_on_change('team_members', 'leaderboard');
SELECT landing_cache_on_change('weekly_team_points', 'leaderboard');
