-- Read-cache invalidation of the bets answers (issue 12; function landing_cache_bump of 0004).
CREATE TRIGGER bet_tournaments_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON bet_tournaments
  FOR EACH STATEMENT EXECUTE FUNCTION landing_cache_bump('bets');
CREATE TRIGGER bet_teams_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON bet_teams
  FOR EACH STATEMENT EXECUTE FUNCTION landing_cache_bump('bets');
CREATE TRIGGER bet_matches_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON bet_matches
  FOR EACH STATEMENT EXECUTE FUNCTION landing_cache_bump('bets');
CREATE TRIGGER bet_predictions_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON bet_predictions
  FOR EACH STATEMENT EXECUTE FUNCTION landing_cache_bump('bets');
CREATE TRIGGER bet_standings_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON bet_standings
  FOR EACH STATEMENT EXECUTE FUNCTION landing_cache_bump('bets');
