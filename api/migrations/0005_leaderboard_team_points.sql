-- Precomputed weekly team totals (issue 12: rankings precomputed on write, not aggregated per
-- request). `weekly_team_points` holds, per team and week, the sum of its current members'
-- weekly points; `team_members` the number of players per team. Both are kept in step by row
-- triggers on weekly_points and players in the same transaction as the write, so
-- GET /:server/leaderboard reads two indexed top-N lists and never sums.

CREATE TABLE team_members (
  team_id integer PRIMARY KEY REFERENCES teams (id) ON DELETE CASCADE,
  members integer NOT NULL DEFAULT 0 CHECK (members >= 0)
);

CREATE TABLE weekly_team_points (
  team_id    integer NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
  week_start date NOT NULL,
  points     integer NOT NULL DEFAULT 0,
  PRIMARY KEY (team_id, week_start)
);
CREATE INDEX weekly_team_points_week_idx ON weekly_team_points (week_start, points DESC);

INSERT INTO team_members (team_id, members)
  SELECT t.id, count(p.id)::int FROM teams t LEFT JOIN players p ON p.team_id = t.id GROUP BY t.id;
INSERT INTO weekly_team_points (team_id, week_start, points)
  SELECT p.team_id, w.week_start, sum(w.points)::int
  FROM weekly_points w JOIN players p ON p.id = w.player_id
  WHERE p.team_id IS NOT NULL GROUP BY p.team_id, w.week_start;

-- Adds `delta` points of `week` to a team (no-op for a player without a team). Points are only
-- taken off an existing row (a team being deleted has lost its rows already).
CREATE FUNCTION landing_team_points_add(team integer, week date, delta integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF team IS NULL OR delta = 0 THEN
    RETURN;
  ELSIF delta > 0 THEN
    INSERT INTO weekly_team_points (team_id, week_start, points) VALUES (team, week, delta)
    ON CONFLICT (team_id, week_start) DO UPDATE SET points = weekly_team_points.points + excluded.points;
  ELSE
    UPDATE weekly_team_points SET points = points + delta WHERE team_id = team AND week_start = week;
  END IF;
END
$$;

CREATE FUNCTION landing_weekly_points_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM landing_team_points_add((SELECT team_id FROM players WHERE id = OLD.player_id), OLD.week_start, -OLD.points);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM landing_team_points_add((SELECT team_id FROM players WHERE id = NEW.player_id), NEW.week_start, NEW.points);
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER weekly_points_team_sync AFTER INSERT OR UPDATE OR DELETE ON weekly_points
  FOR EACH ROW EXECUTE FUNCTION landing_weekly_points_sync();

-- A player joining, leaving or changing team moves their points of every week and the member
-- count. DELETE runs BEFORE the row goes, while the player's weekly_points still exist (their
-- cascade-delete no longer finds the player, so it takes nothing off twice).
CREATE FUNCTION landing_player_team_sync() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  w record;
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.team_id IS NOT DISTINCT FROM OLD.team_id THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.team_id IS NOT NULL THEN
    UPDATE team_members SET members = members - 1 WHERE team_id = OLD.team_id;
    FOR w IN SELECT week_start, points FROM weekly_points WHERE player_id = OLD.id LOOP
      PERFORM landing_team_points_add(OLD.team_id, w.week_start, -w.points);
    END LOOP;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.team_id IS NOT NULL THEN
    INSERT INTO team_members (team_id, members) VALUES (NEW.team_id, 1)
      ON CONFLICT (team_id) DO UPDATE SET members = team_members.members + 1;
    FOR w IN SELECT week_start, points FROM weekly_points WHERE player_id = NEW.id LOOP
      PERFORM landing_team_points_add(NEW.team_id, w.week_start, w.points);
    END LOOP;
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER players_team_sync AFTER INSERT OR UPDATE OF team_id ON players
  FOR EACH ROW EXECUTE FUNCTION landing_player_team_sync();
CREATE TRIGGER players_team_sync_delete BEFORE DELETE ON players
  FOR EACH ROW EXECUTE FUNCTION landing_player_team_sync();

CREATE FUNCTION landing_team_created() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO team_members (team_id, members) VALUES (NEW.id, 0) ON CONFLICT (team_id) DO NOTHING;
  RETURN NULL;
END
$$;
CREATE TRIGGER teams_members_row AFTER INSERT ON teams FOR EACH ROW EXECUTE FUNCTION landing_team_created();

CREATE TRIGGER team_members_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON team_members
  FOR EACH STATEMENT EXECUTE FUNCTION landing_cache_bump('leaderboard');
CREATE TRIGGER weekly_team_points_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON weekly_team_points
  FOR EACH STATEMENT EXECUTE FUNCTION landing_cache_bump('leaderboard');
