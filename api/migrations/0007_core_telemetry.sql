-- Telemetry of the remotes (docs/OPERATIONS.md). Core range: the figures belong to no product
-- domain, and the 0500+ range is reserved.
--
-- Nothing here names a person: no address, user agent, account, session, URL query or cookie.
-- Counts and vitals are per minute and aggregated on write; failures are grouped by fingerprint.
-- Rows older than their retention are deleted by the API (src/domains/telemetry/service.ts prune).

-- Page views and failures per minute, environment, remote and version.
CREATE TABLE telemetry_counts (
  minute timestamptz NOT NULL,
  environment text NOT NULL,
  remote text NOT NULL,
  version text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('page_view', 'error', 'load_failure', 'fallback')),
  count integer NOT NULL CHECK (count > 0),
  PRIMARY KEY (environment, remote, version, kind, minute)
);

-- Web vitals as log-scale histogram buckets (value ≈ 1.05^bucket; CLS in thousandths).
CREATE TABLE telemetry_vitals (
  minute timestamptz NOT NULL,
  environment text NOT NULL,
  remote text NOT NULL,
  version text NOT NULL,
  page text NOT NULL,
  metric text NOT NULL CHECK (metric IN ('LCP', 'INP', 'CLS')),
  bucket integer NOT NULL,
  count integer NOT NULL CHECK (count > 0),
  PRIMARY KEY (environment, remote, version, metric, page, minute, bucket)
);

-- Failures grouped by fingerprint (kind, source, scrubbed message, first frame), with the
-- source-mapped frames of the first one.
CREATE TABLE telemetry_failures (
  environment text NOT NULL,
  remote text NOT NULL,
  version text NOT NULL,
  fingerprint text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('error', 'load_failure', 'fallback')),
  source text NOT NULL,
  message text NOT NULL,
  frames jsonb NOT NULL DEFAULT '[]',
  first_seen timestamptz NOT NULL,
  last_seen timestamptz NOT NULL,
  count integer NOT NULL CHECK (count > 0),
  PRIMARY KEY (environment, remote, version, fingerprint)
);

-- Release steps of each environment (scripts/deploy.mjs history, sent by the canary guard).
CREATE TABLE telemetry_releases (
  environment text NOT NULL,
  remote text NOT NULL,
  at timestamptz NOT NULL,
  action text NOT NULL CHECK (action IN ('use', 'rollback', 'canary', 'promote', 'abort')),
  from_version text,
  to_version text NOT NULL,
  percent integer,
  by text NOT NULL DEFAULT '',
  reason text,
  auto boolean NOT NULL DEFAULT false,
  PRIMARY KEY (environment, remote, at, action)
);
