-- Landing header promo per interface language (range 0001-0099 core; spec §3 landingHeaderCode).
-- GET /:server/landing answers the text for X-Lang, else English, else servers.landing_header_code
-- (kept as the last fallback). Rows are written by the `core-i18n` seeder (src/seed/core-i18n.ts),
-- which also runs on databases whose `core` domain was seeded before this table existed.
CREATE TABLE landing_header_texts (
  server     text NOT NULL REFERENCES servers (code) ON DELETE CASCADE,
  -- Interface language code of spec §1 (br = Brazilian Portuguese).
  lang       text NOT NULL CHECK (lang IN ('ru', 'pl', 'en', 'br', 'es', 'it', 'de', 'fr', 'tr')),
  -- Plain text, shown as is.
  text       text NOT NULL CHECK (text <> ''),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (server, lang)
);
