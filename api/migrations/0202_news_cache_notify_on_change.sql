-- Read-cache invalidation of the news answers only for writes that change something (function
-- landing_cache_on_change of 0006): a refused repeat vote (`ON CONFLICT DO NOTHING`) notifies nothing.
SELECT landing_cache_on_change('news_articles', 'news');
SELECT landing_cache_on_change('news_translations', 'news');
SELECT landing_cache_on_change('news_comments', 'news');
SELECT landing_cache_on_change('news_polls', 'news');
SELECT landing_cache_on_change('news_poll_translations', 'news');
SELECT landing_cache_on_change('news_poll_options', 'news');
SELECT landing_cache_on_change('news_poll_option_translations', 'news');
SELECT landing_cache_on_change('news_poll_ballots', 'news');
SELECT landing_cache_on_change('news_poll_ballot_options', 'news');
