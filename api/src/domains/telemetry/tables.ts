/**
 * Drizzle schema of the telemetry domain. Mirrors migrations/0007_core_telemetry.sql (the SQL is
 * the source of truth; keep both in step). No column names a person (docs/OPERATIONS.md).
 */
import { boolean, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { instant } from '../../db/columns.js';

/** A stack frame as stored: original position when a source map resolved it, else the script's. */
export interface StoredFrame {
  file: string;
  line: number;
  column: number;
  name: string | null;
  mapped: boolean;
}

/** Page views and failures per minute, environment, remote and version. */
export const telemetryCounts = pgTable(
  'telemetry_counts',
  {
    minute: instant('minute').notNull(),
    environment: text('environment').notNull(),
    remote: text('remote').notNull(),
    version: text('version').notNull(),
    kind: text('kind').$type<'page_view' | 'error' | 'load_failure' | 'fallback'>().notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.environment, t.remote, t.version, t.kind, t.minute] })],
);

/** Web vitals as log-scale histogram buckets per minute (service.ts `bucketOf`). */
export const telemetryVitals = pgTable(
  'telemetry_vitals',
  {
    minute: instant('minute').notNull(),
    environment: text('environment').notNull(),
    remote: text('remote').notNull(),
    version: text('version').notNull(),
    page: text('page').notNull(),
    metric: text('metric').$type<'LCP' | 'INP' | 'CLS'>().notNull(),
    bucket: integer('bucket').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.environment, t.remote, t.version, t.metric, t.page, t.minute, t.bucket] })],
);

/** Failures grouped by fingerprint, with the source-mapped frames of the first one. */
export const telemetryFailures = pgTable(
  'telemetry_failures',
  {
    environment: text('environment').notNull(),
    remote: text('remote').notNull(),
    version: text('version').notNull(),
    fingerprint: text('fingerprint').notNull(),
    kind: text('kind').$type<'error' | 'load_failure' | 'fallback'>().notNull(),
    source: text('source').$type<'boundary' | 'window' | 'rejection' | 'runtime' | 'slot'>().notNull(),
    message: text('message').notNull(),
    frames: jsonb('frames').$type<StoredFrame[]>().notNull().default([]),
    firstSeen: instant('first_seen').notNull(),
    lastSeen: instant('last_seen').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.environment, t.remote, t.version, t.fingerprint] })],
);

/** Release steps of each environment (scripts/deploy.mjs history, sent by the canary guard). */
export const telemetryReleases = pgTable(
  'telemetry_releases',
  {
    environment: text('environment').notNull(),
    remote: text('remote').notNull(),
    at: instant('at').notNull(),
    action: text('action').$type<'use' | 'rollback' | 'canary' | 'promote' | 'abort'>().notNull(),
    fromVersion: text('from_version'),
    toVersion: text('to_version').notNull(),
    percent: integer('percent'),
    by: text('by').notNull().default(''),
    reason: text('reason'),
    auto: boolean('auto').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.environment, t.remote, t.at, t.action] })],
);
