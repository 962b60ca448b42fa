/**
 * The remotes' telemetry in the database (docs/OPERATIONS.md): batches from the browser
 * aggregated on write (page views and failures per minute, web vitals as histogram buckets,
 * failures grouped by fingerprint with source-mapped frames), the per-remote view over a window,
 * a remote's figures since a canary started, the release steps, and pruning.
 */
import { and, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { TelemetryBatch, TelemetryCounts, TelemetryRelease, TelemetryView } from '@landing/domain/schemas/telemetry';
import type { Db } from '../../db/client.js';
import { fingerprintOf, scrubMessage } from './scrub.js';
import type { FrameResolver } from './source-maps.js';
import { telemetryCounts, telemetryFailures, telemetryReleases, telemetryVitals, type StoredFrame } from './tables.js';

/** How long rows are kept (ms): counts and vitals 48 h (the view's longest window is 24 h), failures 7 days, releases 30 days. */
const RETENTION_MS = { counts: 48 * 3_600_000, failures: 7 * 86_400_000, releases: 30 * 86_400_000 } as const;

/** Growth of one vitals bucket: bucket b holds values in [1.05^(b-1), 1.05^b) (±2.5 % at the p75). */
const BUCKET_BASE = 1.05;
const VITALS = ['LCP', 'INP', 'CLS'] as const;
type Vital = (typeof VITALS)[number];
type Kind = 'page_view' | 'error' | 'load_failure' | 'fallback';

/** The bucket of a vital's value: LCP and INP in ms, CLS in thousandths; 0 holds values below 1. */
function bucketOf(metric: Vital, value: number): number {
  const v = metric === 'CLS' ? value * 1000 : value;
  return v < 1 ? 0 : Math.floor(Math.log(v) / Math.log(BUCKET_BASE)) + 1;
}

/** The value a bucket stands for (its geometric middle), in the metric's unit. */
function valueOfBucket(metric: Vital, bucket: number): number {
  const v = bucket === 0 ? 0 : BUCKET_BASE ** (bucket - 0.5);
  return metric === 'CLS' ? v / 1000 : v;
}

/** The start of the minute of `at`. */
const minuteOf = (at: Date) => new Date(Math.floor(at.getTime() / 60_000) * 60_000);

/**
 * Stores one validated batch in one transaction (all of it or nothing).
 * @param resolve  resolves the frames of a failure seen for the first time (source maps)
 * @returns how many page views, vitals records and failures it held
 */
export async function ingest(
  db: Db,
  batch: TelemetryBatch,
  resolve: FrameResolver,
  now = new Date(),
): Promise<{ views: number; vitals: number; events: number }> {
  const minute = minuteOf(now);
  const env = batch.environment;
  const counts = new Map<string, { remote: string; version: string; kind: Kind; count: number }>();
  const add = (remote: string, version: string, kind: Kind, n: number) => {
    const key = JSON.stringify([remote, version, kind]);
    const row = counts.get(key);
    if (row) row.count += n;
    else counts.set(key, { remote, version, kind, count: n });
  };
  for (const view of batch.views) for (const [remote, version] of Object.entries(view.composition)) add(remote, version, 'page_view', 1);
  const vitals = new Map<string, { remote: string; version: string; page: string; metric: Vital; bucket: number; count: number }>();
  for (const record of batch.vitals) {
    for (const metric of VITALS) {
      const value = record[metric];
      if (value === undefined) continue;
      for (const [remote, version] of Object.entries(record.composition)) {
        const bucket = bucketOf(metric, value);
        const key = JSON.stringify([remote, version, record.page, metric, bucket]);
        const row = vitals.get(key);
        if (row) row.count++;
        else vitals.set(key, { remote, version, page: record.page, metric, bucket, count: 1 });
      }
    }
  }
  const failures = new Map<
    string,
    {
      remote: string;
      version: string;
      kind: TelemetryBatch['events'][number]['kind'];
      source: string;
      message: string;
      event: TelemetryBatch['events'][number];
      count: number;
    }
  >();
  for (const event of batch.events) {
    add(event.remote, event.version, event.kind, event.count);
    const message = scrubMessage(event.message);
    const key = JSON.stringify([event.remote, event.version, fingerprintOf(event, message)]);
    const row = failures.get(key);
    if (row) row.count += event.count;
    else
      failures.set(key, {
        remote: event.remote,
        version: event.version,
        kind: event.kind,
        source: event.source,
        message,
        event,
        count: event.count,
      });
  }

  // Frames of failures not seen before are resolved before the transaction (a map fetch is slow).
  const known = new Set<string>();
  if (failures.size) {
    const rows = await db
      .select({ remote: telemetryFailures.remote, version: telemetryFailures.version, fingerprint: telemetryFailures.fingerprint })
      .from(telemetryFailures)
      .where(
        and(
          eq(telemetryFailures.environment, env),
          inArray(
            telemetryFailures.fingerprint,
            [...failures.keys()].map((k) => (JSON.parse(k) as string[])[2]!),
          ),
        ),
      );
    for (const r of rows) known.add(JSON.stringify([r.remote, r.version, r.fingerprint]));
  }
  const frames = new Map<string, StoredFrame[]>();
  for (const [key, f] of failures) if (!known.has(key)) frames.set(key, await resolve(f.event.frames, f.version));

  await db.transaction(async (tx) => {
    if (counts.size)
      await tx
        .insert(telemetryCounts)
        .values([...counts.values()].map((c) => ({ minute, environment: env, ...c })))
        .onConflictDoUpdate({
          target: [
            telemetryCounts.environment,
            telemetryCounts.remote,
            telemetryCounts.version,
            telemetryCounts.kind,
            telemetryCounts.minute,
          ],
          set: { count: sql`${telemetryCounts.count} + excluded.count` },
        });
    if (vitals.size)
      await tx
        .insert(telemetryVitals)
        .values([...vitals.values()].map((v) => ({ minute, environment: env, ...v })))
        .onConflictDoUpdate({
          target: [
            telemetryVitals.environment,
            telemetryVitals.remote,
            telemetryVitals.version,
            telemetryVitals.metric,
            telemetryVitals.page,
            telemetryVitals.minute,
            telemetryVitals.bucket,
          ],
          set: { count: sql`${telemetryVitals.count} + excluded.count` },
        });
    for (const [key, f] of failures) {
      const fingerprint = (JSON.parse(key) as string[])[2]!;
      await tx
        .insert(telemetryFailures)
        .values({
          environment: env,
          remote: f.remote,
          version: f.version,
          fingerprint,
          kind: f.kind,
          source: f.source as 'boundary',
          message: f.message,
          frames: frames.get(key) ?? [],
          firstSeen: now,
          lastSeen: now,
          count: f.count,
        })
        .onConflictDoUpdate({
          target: [telemetryFailures.environment, telemetryFailures.remote, telemetryFailures.version, telemetryFailures.fingerprint],
          set: { count: sql`${telemetryFailures.count} + excluded.count`, lastSeen: now },
        });
    }
  });
  return { views: batch.views.length, vitals: batch.vitals.length, events: batch.events.length };
}

/** Counts of each (remote, version) in [from, to). */
async function countsBetween(db: Db, env: string, from: Date, to: Date, remote?: string) {
  const rows = await db
    .select({
      remote: telemetryCounts.remote,
      version: telemetryCounts.version,
      kind: telemetryCounts.kind,
      count: sql<number>`sum(${telemetryCounts.count})::int`,
      first: sql<string | Date>`min(${telemetryCounts.minute})`,
    })
    .from(telemetryCounts)
    .where(
      and(
        eq(telemetryCounts.environment, env),
        gte(telemetryCounts.minute, minuteOf(from)),
        lt(telemetryCounts.minute, to),
        remote ? eq(telemetryCounts.remote, remote) : undefined,
      ),
    )
    .groupBy(telemetryCounts.remote, telemetryCounts.version, telemetryCounts.kind);
  const out = new Map<string, Map<string, TelemetryCounts>>();
  for (const r of rows) {
    const versions = out.get(r.remote) ?? new Map<string, TelemetryCounts>();
    out.set(r.remote, versions);
    const c = versions.get(r.version) ?? { pageViews: 0, errors: 0, loadFailures: 0, fallbacks: 0 };
    versions.set(r.version, c);
    const n = Number(r.count);
    if (r.kind === 'page_view') c.pageViews += n;
    else if (r.kind === 'error') c.errors += n;
    else if (r.kind === 'load_failure') c.loadFailures += n;
    else c.fallbacks += n;
  }
  return out;
}

/** Failures per 1,000 page views, one decimal; null without page views. */
const per1000 = (n: number, views: number) => (views > 0 ? Math.round((n * 10_000) / views) / 10 : null);

/** The 75th percentile of a histogram (bucket → count), or null when empty. */
function p75(metric: Vital, buckets: Array<[number, number]>): number | null {
  const total = buckets.reduce((n, [, c]) => n + c, 0);
  if (!total) return null;
  let seen = 0;
  for (const [bucket, count] of buckets.sort((a, b) => a[0] - b[0])) {
    seen += count;
    if (seen >= total * 0.75) {
      const v = valueOfBucket(metric, bucket);
      return metric === 'CLS' ? Math.round(v * 1000) / 1000 : Math.round(v);
    }
  }
  return null;
}

/**
 * The operations view of one environment over [from, to): per remote and version, page views and
 * failures with their rates per 1,000 page views, p75 of LCP, INP and CLS, the most frequent
 * failures; the release steps and the canary running per remote.
 * @param only  a team's remote (its token reads nothing else), or undefined for every remote
 */
export async function view(
  db: Db,
  env: string,
  window: TelemetryView['window'],
  from: Date,
  to: Date,
  only?: string,
): Promise<TelemetryView> {
  const counts = await countsBetween(db, env, from, to, only);
  const vitalRows = await db
    .select({
      remote: telemetryVitals.remote,
      version: telemetryVitals.version,
      metric: telemetryVitals.metric,
      bucket: telemetryVitals.bucket,
      count: sql<number>`sum(${telemetryVitals.count})::int`,
    })
    .from(telemetryVitals)
    .where(
      and(
        eq(telemetryVitals.environment, env),
        gte(telemetryVitals.minute, minuteOf(from)),
        lt(telemetryVitals.minute, to),
        only ? eq(telemetryVitals.remote, only) : undefined,
      ),
    )
    .groupBy(telemetryVitals.remote, telemetryVitals.version, telemetryVitals.metric, telemetryVitals.bucket);
  const failureRows = await db
    .select()
    .from(telemetryFailures)
    .where(
      and(
        eq(telemetryFailures.environment, env),
        gte(telemetryFailures.lastSeen, from),
        only ? eq(telemetryFailures.remote, only) : undefined,
      ),
    )
    .orderBy(desc(telemetryFailures.count))
    .limit(200);
  const releaseRows = await db
    .select()
    .from(telemetryReleases)
    .where(and(eq(telemetryReleases.environment, env), only ? eq(telemetryReleases.remote, only) : undefined))
    .orderBy(desc(telemetryReleases.at))
    .limit(50);
  const releases = releaseRows.map(releaseOf);

  const remotes = new Set<string>([...counts.keys(), ...vitalRows.map((r) => r.remote), ...releases.map((r) => r.remote)]);
  const out: TelemetryView['remotes'] = [];
  for (const remote of [...remotes].sort()) {
    const versions = new Set<string>([
      ...(counts.get(remote)?.keys() ?? []),
      ...vitalRows.filter((r) => r.remote === remote).map((r) => r.version),
    ]);
    const latest = releases.find((r) => r.remote === remote);
    const canary = latest?.action === 'canary' ? { version: latest.to, percent: latest.percent, since: latest.at } : null;
    out.push({
      remote,
      canary,
      versions: [...versions].sort(compareVersions).map((version) => {
        const c = counts.get(remote)?.get(version) ?? { pageViews: 0, errors: 0, loadFailures: 0, fallbacks: 0 };
        const mine = vitalRows.filter((r) => r.remote === remote && r.version === version);
        const histogram = (metric: Vital) =>
          mine.filter((r) => r.metric === metric).map((r) => [r.bucket, Number(r.count)] as [number, number]);
        return {
          version,
          ...c,
          per1000: {
            errors: per1000(c.errors, c.pageViews),
            loadFailures: per1000(c.loadFailures, c.pageViews),
            fallbacks: per1000(c.fallbacks, c.pageViews),
          },
          p75: { LCP: p75('LCP', histogram('LCP')), INP: p75('INP', histogram('INP')), CLS: p75('CLS', histogram('CLS')) },
          vitalsSamples: Math.max(0, ...VITALS.map((m) => histogram(m).reduce((n, [, k]) => n + k, 0))),
          topErrors: failureRows
            .filter((f) => f.remote === remote && f.version === version)
            .slice(0, 5)
            .map((f) => ({
              kind: f.kind,
              source: f.source,
              message: f.message,
              count: f.count,
              lastSeen: f.lastSeen.toISOString(),
              frames: f.frames,
            })),
        };
      }),
    });
  }
  return { environment: env, window, from: from.toISOString(), to: to.toISOString(), remotes: out, releases };
}

/** Versions newest first (numeric parts compared as numbers). */
function compareVersions(a: string, b: string): number {
  return b.localeCompare(a, 'en', { numeric: true });
}

function releaseOf(r: typeof telemetryReleases.$inferSelect): TelemetryRelease {
  return {
    at: r.at.toISOString(),
    action: r.action,
    remote: r.remote,
    from: r.fromVersion,
    to: r.toVersion,
    percent: r.percent,
    by: r.by,
    reason: r.reason,
    auto: r.auto,
  };
}

/**
 * One remote's counts per version since `since` (a canary's start), with the first minute a
 * failure of each version was counted (the canary guard's figures).
 */
export async function figures(db: Db, env: string, remote: string, since: Date, now = new Date()) {
  const counts = (await countsBetween(db, env, since, new Date(now.getTime() + 60_000), remote)).get(remote) ?? new Map();
  const first = await db
    .select({ version: telemetryFailures.version, at: sql<string | Date>`min(${telemetryFailures.firstSeen})` })
    .from(telemetryFailures)
    .where(and(eq(telemetryFailures.environment, env), eq(telemetryFailures.remote, remote), gte(telemetryFailures.lastSeen, since)))
    .groupBy(telemetryFailures.version);
  const firstOf = new Map(first.map((r) => [r.version, new Date(r.at).toISOString()]));
  return {
    environment: env,
    remote,
    since: since.toISOString(),
    versions: [...counts.entries()].map(([version, c]: [string, TelemetryCounts]) => ({
      version,
      ...c,
      firstFailureAt: firstOf.get(version) ?? null,
    })),
  };
}

/** Stores release steps (each once: the same step sent again is ignored). */
export async function storeReleases(db: Db, env: string, entries: readonly TelemetryRelease[]): Promise<number> {
  if (!entries.length) return 0;
  const stored = await db
    .insert(telemetryReleases)
    .values(
      entries.map((e) => ({
        environment: env,
        remote: e.remote,
        at: new Date(e.at),
        action: e.action,
        fromVersion: e.from,
        toVersion: e.to,
        percent: e.percent,
        by: e.by,
        reason: e.reason,
        auto: e.auto,
      })),
    )
    .onConflictDoNothing()
    .returning({ at: telemetryReleases.at });
  return stored.length;
}

/** Deletes rows past their retention ({@link RETENTION_MS}). */
export async function prune(db: Db, now = new Date()): Promise<void> {
  const before = (ms: number) => new Date(now.getTime() - ms);
  await db.delete(telemetryCounts).where(lt(telemetryCounts.minute, before(RETENTION_MS.counts)));
  await db.delete(telemetryVitals).where(lt(telemetryVitals.minute, before(RETENTION_MS.counts)));
  await db.delete(telemetryFailures).where(lt(telemetryFailures.lastSeen, before(RETENTION_MS.failures)));
  await db.delete(telemetryReleases).where(lt(telemetryReleases.at, before(RETENTION_MS.releases)));
}
