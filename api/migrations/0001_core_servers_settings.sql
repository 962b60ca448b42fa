-- Core tables (range 0001-0099 core / leaderboard). See api/README.md for the numbering rule.

-- One row per game server (spec §1, §9). Reference data: inserted here, not by the seed,
-- because other tables reference it.
CREATE TABLE servers (
  code                text PRIMARY KEY,
  name                text NOT NULL,
  time_zone           text NOT NULL,
  status              text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'new', 'locked')),
  -- Short promotional text shown in the landing header (plain text), null = none.
  landing_header_code text,
  updated_at          timestamptz NOT NULL DEFAULT now()
);

INSERT INTO servers (code, name, time_zone, status) VALUES
  ('pl', 'Legacy', 'Europe/Warsaw', 'open'),
  ('classic', 'Classic', 'Atlantic/Azores', 'open'),
  ('royal', 'Royal', 'Europe/Istanbul', 'new'),
  ('en', 'EN server', 'Europe/London', 'open')
ON CONFLICT (code) DO NOTHING;

-- Key/value switches. scope = '*' (global) or a server code. E.g. technical_break = true.
CREATE TABLE settings (
  scope      text NOT NULL,
  key        text NOT NULL,
  value      jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (scope, key)
);

-- One row per (domain, server) that has been seeded; server = '*' for domain-wide data.
-- A second start finds the marker and does not seed again.
CREATE TABLE seed_markers (
  domain    text NOT NULL,
  server    text NOT NULL,
  seeded_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (domain, server)
);
