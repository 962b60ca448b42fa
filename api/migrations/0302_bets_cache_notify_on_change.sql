-- Read-cache invalidation of the bets answers only for writes that change something (function
-- landing_cache_on_change of 0006): an unchanged prediction notifies nothing.
SELECT landing_cache_on_change('bet_tournaments', 'bets');
SELECT landing_cache_on_change('bet_teams', 'bets');
SELECT landing_cache_on_change('bet_matches', 'bets');
SELECT landing_cache_on_change('bet_predictions', 'bets');
SELECT landing_cache_on_change('bet_standings', 'bets');
