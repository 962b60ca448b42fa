-- The founder-pack / early-access offer is shown on every server's home page: a change of a
-- campaign drops the read cache's answer and the cached pages (topic core; function
-- landing_cache_on_change of 0006). Sign-ups do not notify: the offer's count may lag up to a
-- minute (src/domains/newsletter/routes.ts SIGNUP_COUNT_LAG_MS).
SELECT landing_cache_on_change('newsletter_campaigns', 'core');
