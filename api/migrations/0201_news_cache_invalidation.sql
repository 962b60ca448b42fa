-- Read-cache invalidation of the news answers (issue 12; function landing_cache_bump of 0004).
CREATE TRIGGER news_articles_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON news_articles
  FOR EACH STATEMENT EXECUTE FUNCTION landing_cache_bump('news');
CREATE TRIGGER news_translations_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON news_translations
  FOR EACH STATEMENT EXECUTE FUNCTION landing_cache_bump('news');
CREATE TRIGGER news_comments_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON news_comments
  FOR EACH STATEMENT EXECUTE FUNCTION landing_cache_bump('news');
CREATE TRIGGER news_polls_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON news_polls
  FOR EACH STATEMENT EXECUTE FUNCTION landing_cache_bump('news');
CREATE TRIGGER news_poll_translations_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON news_poll_translations
  FOR EACH STATEMENT EXECUTE FUNCTION landing_cache_bump('news');
CREATE TRIGGER news_poll_options_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON news_poll_options
  FOR EACH STATEMENT EXECUTE FUNCTION landing_cache_bump('news');
CREATE TRIGGER news_poll_option_translations_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON news_poll_option_translations
  FOR EACH STATEMENT EXECUTE FUNCTION landing_cache_bump('news');
CREATE TRIGGER news_poll_ballots_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON news_poll_ballots
  FOR EACH STATEMENT EXECUTE FUNCTION landing_cache_bump('news');
CREATE TRIGGER news_poll_ballot_options_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON news_poll_ballot_options
  FOR EACH STATEMENT EXECUTE FUNCTION landing_cache_bump('news');
