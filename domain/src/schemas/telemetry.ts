/**
 * Telemetry of the remotes (docs/OPERATIONS.md): what the browser sends to `POST /telemetry` (a
 * batch sent with `navigator.sendBeacon`), and what `GET /telemetry/view` and
 * `GET /telemetry/figures` answer to the operations page, `scripts/deploy.mjs status` and the
 * canary guard (scripts/canary-guard.mjs).
 *
 * A batch carries no personal data and no identifier: every object is strict (an unknown field
 * is refused, not ignored), pages are route patterns (`/:server/news/*`, never a slug, code or
 * query), texts are short and the API scrubs them again (api/src/domains/telemetry/scrub.ts).
 */
import { z } from 'zod';
import { TELEMETRY_LIMITS } from '../telemetry.ts';

export { TELEMETRY_LIMITS } from '../telemetry.ts';

/** A remote's federation name (`mf_news`) or `shell` (the host itself). */
export const TelemetryApp = z.string().regex(/^(shell|mf_[a-z0-9_]{1,40})$/, 'must be shell or a remote name (mf_…)');
/** A build version (`1.1.0`, `1.2.0-rc.1`). */
export const TelemetryVersion = z.string().regex(/^\d{1,6}\.\d{1,6}\.\d{1,6}(?:-[0-9A-Za-z.-]{1,40})?$/, 'must be a version');
/** An environment name as in deploy/environments (`production`, `staging`, `local`). */
export const TelemetryEnvironment = z.string().regex(/^[a-z][a-z0-9-]{0,31}$/, 'must be an environment name');
/** A page as a route pattern: `/:server`, `/:server/news/*` (no slug, id, code or query). */
export const TelemetryPage = z
  .string()
  .regex(/^\/(?::server(?:\/[a-z][a-z0-9-]{0,30}(?:\/\*)?)?|auth\/\*|auth_callback)?$/, 'must be a page pattern');

/** The remotes a page composed: name → version (the host under `shell`). */
const Composition = z
  .record(TelemetryApp, TelemetryVersion)
  .refine((c) => Object.keys(c).length <= TELEMETRY_LIMITS.maxComposition, `at most ${TELEMETRY_LIMITS.maxComposition} remotes`);

/** One page view: the page and the versions of the remotes whose slots it showed. */
const View = z.object({ page: TelemetryPage, composition: Composition }).strict();

/** Web vitals of one page (sent with the visitor's consent only): LCP and INP in ms, CLS unitless. */
const Vitals = z
  .object({
    page: TelemetryPage,
    composition: Composition,
    LCP: z.number().min(0).max(600_000).optional(),
    INP: z.number().min(0).max(600_000).optional(),
    CLS: z.number().min(0).max(100).optional(),
  })
  .strict();

/** A stack frame as the browser saw it: script URL (no query), 1-based line, 0-based column. */
const Frame = z
  .object({
    url: z
      .string()
      .max(500)
      .regex(/^https?:\/\/[^\s?#]+$/, 'must be a script URL without query'),
    line: z.number().int().min(1).max(10_000_000),
    column: z.number().int().min(0).max(10_000_000),
  })
  .strict();

/** What went wrong in a page, attributed to a remote and version. */
export const TELEMETRY_EVENT_KINDS = ['error', 'load_failure', 'fallback'] as const;
/** Where the browser caught it. */
export const TELEMETRY_SOURCES = ['boundary', 'window', 'rejection', 'runtime', 'slot'] as const;

/** One failure (`count` identical ones within the batch). */
const Event = z
  .object({
    kind: z.enum(TELEMETRY_EVENT_KINDS),
    source: z.enum(TELEMETRY_SOURCES),
    remote: TelemetryApp,
    version: TelemetryVersion,
    message: z.string().max(TELEMETRY_LIMITS.messageMax),
    frames: z.array(Frame).max(TELEMETRY_LIMITS.maxFrames).default([]),
    count: z.number().int().min(1).max(100).default(1),
  })
  .strict();

/** Body of `POST /telemetry` (sent as `text/plain` JSON by `navigator.sendBeacon`, at most 16 KiB). */
export const TelemetryBatch = z
  .object({
    v: z.literal(1),
    environment: TelemetryEnvironment,
    views: z.array(View).max(TELEMETRY_LIMITS.maxViews).default([]),
    vitals: z.array(Vitals).max(TELEMETRY_LIMITS.maxVitals).default([]),
    events: z.array(Event).max(TELEMETRY_LIMITS.maxEvents).default([]),
  })
  .strict()
  .meta({ id: 'TelemetryBatch' });
export type TelemetryBatch = z.infer<typeof TelemetryBatch>;
/** One failure of a batch. */
export type TelemetryEvent = TelemetryBatch['events'][number];

/** Answer of an accepted batch. */
export const TelemetryAccepted = z.object({ ok: z.literal(true) }).meta({ id: 'TelemetryAccepted' });

/** Windows of the view: the last 15 minutes or the last 24 hours. */
export const TELEMETRY_WINDOWS = { '15m': 15 * 60_000, '24h': 24 * 3_600_000 } as const;

/** Query of `GET /telemetry/view`. */
export const TelemetryViewQuery = z.object({
  environment: TelemetryEnvironment,
  window: z.enum(['15m', '24h']).default('15m'),
});

/** Query of `GET /telemetry/figures`: one remote's versions since an instant (a canary's start). */
export const TelemetryFiguresQuery = z.object({
  environment: TelemetryEnvironment,
  remote: TelemetryApp,
  since: z.iso.datetime({ offset: true }),
});

/** Counts of one version: page views that showed it and its failures. */
const Counts = z.object({
  pageViews: z.number().int().nonnegative(),
  errors: z.number().int().nonnegative(),
  loadFailures: z.number().int().nonnegative(),
  fallbacks: z.number().int().nonnegative(),
});
export type TelemetryCounts = z.infer<typeof Counts>;

/** A stack frame as stored: the original source position when a source map resolved it. */
const StoredFrame = z.object({
  file: z.string(),
  line: z.number().int(),
  column: z.number().int(),
  name: z.string().nullable(),
  mapped: z.boolean(),
});

/** A version's figures in the view. */
const VersionFigures = Counts.extend({
  version: z.string(),
  /** Failures per 1,000 page views (null without page views). */
  per1000: z.object({ errors: z.number().nullable(), loadFailures: z.number().nullable(), fallbacks: z.number().nullable() }),
  /** 75th percentiles: LCP and INP in ms, CLS unitless; null without samples. */
  p75: z.object({ LCP: z.number().nullable(), INP: z.number().nullable(), CLS: z.number().nullable() }),
  vitalsSamples: z.number().int().nonnegative(),
  topErrors: z.array(
    z.object({
      kind: z.enum(TELEMETRY_EVENT_KINDS),
      source: z.enum(TELEMETRY_SOURCES),
      message: z.string(),
      count: z.number().int(),
      lastSeen: z.string(),
      frames: z.array(StoredFrame),
    }),
  ),
});
export type TelemetryVersionFigures = z.infer<typeof VersionFigures>;

/** A release step of an environment (scripts/deploy.mjs history, sent by the canary guard). */
export const TelemetryRelease = z
  .object({
    at: z.iso.datetime({ offset: true }),
    action: z.enum(['use', 'rollback', 'canary', 'promote', 'abort']),
    remote: TelemetryApp,
    from: TelemetryVersion.nullable().default(null),
    to: TelemetryVersion,
    percent: z.number().int().min(1).max(99).nullable().default(null),
    by: z.string().max(80).default(''),
    reason: z.string().max(500).nullable().default(null),
    auto: z.boolean().default(false),
  })
  .strict();
export type TelemetryRelease = z.infer<typeof TelemetryRelease>;

/** Body of `POST /telemetry/releases`. */
export const TelemetryReleases = z
  .object({ environment: TelemetryEnvironment, entries: z.array(TelemetryRelease).max(200) })
  .strict()
  .meta({ id: 'TelemetryReleases' });

/** Answer of `GET /telemetry/view`. */
export const TelemetryView = z
  .object({
    environment: z.string(),
    window: z.enum(['15m', '24h']),
    from: z.string(),
    to: z.string(),
    remotes: z.array(
      z.object({
        remote: z.string(),
        /** The canary running now, from the latest release step of the remote. */
        canary: z.object({ version: z.string(), percent: z.number().nullable(), since: z.string() }).nullable(),
        versions: z.array(VersionFigures),
      }),
    ),
    releases: z.array(TelemetryRelease),
  })
  .meta({ id: 'TelemetryView' });
export type TelemetryView = z.infer<typeof TelemetryView>;

/** Answer of `GET /telemetry/figures`. */
export const TelemetryFigures = z
  .object({
    environment: z.string(),
    remote: z.string(),
    since: z.string(),
    versions: z.array(Counts.extend({ version: z.string(), firstFailureAt: z.string().nullable() })),
  })
  .meta({ id: 'TelemetryFigures' });
export type TelemetryFigures = z.infer<typeof TelemetryFigures>;
