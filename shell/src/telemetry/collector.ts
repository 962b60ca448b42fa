/**
 * The browser's telemetry of the remotes (docs/OPERATIONS.md "Telemetry from the browser"), a
 * chunk of its own started after the page has hydrated.
 *
 * - Page views: each page of this load (the first and every navigation inside the site), as a
 *   route pattern (`/:server/news/*`) with the versions of the remotes whose slots it showed.
 * - Failures (./report.ts): uncaught errors and rejections, remote load failures, slots showing
 *   their fallback; each attributed to a remote and version: the slot's or runtime's remote, else
 *   the remote whose version folder holds the first stack frame's script, else the shell. Identical
 *   failures are merged; at most {@link MAX_EVENTS_PER_PAGE} per page load.
 * - Web vitals (the `web-vitals` library: LCP, INP, CLS of the first page), only when the
 *   visitor accepted all cookies in the cookie banner; page views and failures (error reports)
 *   are sent whatever the choice: they carry nothing about the visitor.
 * - Sent with `navigator.sendBeacon` as `text/plain` JSON to the API's `/telemetry`: 3 s after
 *   start, 2 s after a failure, and when the page is hidden; each batch at most 16 KiB. The
 *   User Timing mark `shell:telemetry` says when the collector runs.
 * - Sampled per page load: config.json `telemetry.sampleRate` (0–1, default 1); a page not in the
 *   sample sends nothing. Nothing identifies the visitor: no cookie, id, address, URL query or
 *   user text; remotes a tester overrode are left out.
 */
import { TELEMETRY_LIMITS } from '@landing/domain';
import type { TelemetryBatch } from '@landing/domain/schemas/telemetry';
import { CONSENT_ALL, COOKIES, getCookie, type RemoteName, type RuntimeConfig } from '@landing/shared';
import { registeredRemotes } from '../remotes/registry';
import { remoteInfo } from '../remotes/remote-info';
import { versionFromManifestUrl } from '../remotes/versions';
import { attachSink, type FailureReport } from './report';

/** Failure reports taken per page load at most (each counts, also one merged into an earlier failure). */
const MAX_EVENTS_PER_PAGE = 100;
/** Delays of the first batch after start and of a batch after a failure (ms). */
const FIRST_FLUSH_MS = 3000;
const FAILURE_FLUSH_MS = 2000;

type Event = TelemetryBatch['events'][number];
type Composition = Record<string, string>;
interface View {
  page: string;
  composition: Composition;
  sent: boolean;
}

/** A path as a route pattern without slug, code or id (the API refuses anything else). */
export function pagePattern(pathname: string): string {
  const [first, second] = pathname.split('/').filter(Boolean);
  if (!first) return '/';
  if (first === 'auth_callback') return '/auth_callback';
  if (first === 'auth') return '/auth/*';
  if (!second) return '/:server';
  const section = /^[a-z][a-z0-9-]{0,30}$/.test(second) ? second : 'other';
  return pathname.split('/').filter(Boolean).length > 2 ? `/:server/${section}/*` : `/:server/${section}`;
}

/** Stack frames of an error: script URL without query, 1-based line, 0-based column. */
export function framesOf(stack: string | undefined): Event['frames'] {
  const frames: Event['frames'] = [];
  for (const m of (stack ?? '').matchAll(/(https?:\/\/[^\s()'"?#]+)(?:[?#][^\s():]*)?:(\d+):(\d+)/g)) {
    frames.push({ url: m[1]!, line: Number(m[2]), column: Math.max(0, Number(m[3]) - 1) });
    if (frames.length === TELEMETRY_LIMITS.maxFrames) break;
  }
  return frames;
}

/** The API's `/telemetry` from the config's API base (`…/{server}` → `…/telemetry`). */
export function endpointOf(apiBaseTemplate: string): string {
  return /\{server\}\/?$/.test(apiBaseTemplate)
    ? apiBaseTemplate.replace(/\{server\}\/?$/, 'telemetry')
    : `${new URL(apiBaseTemplate.replace('{server}', 'x')).origin}/telemetry`;
}

/** What the collector works with (tests give their own). */
export interface CollectorOptions {
  config: Pick<RuntimeConfig, 'environment' | 'apiBaseTemplate'> & { telemetry?: { sampleRate?: number } };
  /** Sends one batch; false when the browser refused it. */
  send?: (url: string, body: string) => boolean;
  random?: () => number;
  /** Subscribes to the site's navigations (../routing/navigation-events.ts), called with the new path. */
  onNavigate?: (listener: (pathname: string) => void) => void;
  location?: Pick<Location, 'pathname'>;
  /** Loads the web-vitals library (only with consent). */
  loadVitals?: () => Promise<typeof import('web-vitals')>;
}

/**
 * Starts the collector of this page load (see the module comment); returns its flush (tests and
 * the page's hiding call it) or null when the page is not in the sample.
 */
export function startCollector(o: CollectorOptions): { flush(final?: boolean): void } | null {
  const rate = o.config.telemetry?.sampleRate ?? 1;
  if (!((o.random ?? Math.random)() < rate)) {
    attachSink(null);
    return null;
  }
  const endpoint = endpointOf(o.config.apiBaseTemplate);
  // A string body goes as `text/plain;charset=UTF-8`: no preflight, and no Blob to build.
  const send = o.send ?? ((url: string, body: string) => navigator.sendBeacon(url, body));
  const location = o.location ?? window.location;
  const shellVersion = typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : '0.0.0';

  /** Version of a remote in this page's composition, or null when unknown or overridden by a tester. */
  const versionOf = (remote: RemoteName): string | null => {
    if (remoteInfo().overrides[remote]) return null;
    const url = registeredRemotes()[remote];
    return (url && versionFromManifestUrl(url)) || remoteInfo().versions[remote] || null;
  };
  /** The remote whose version folder holds `script`, if any. */
  const remoteOfScript = (script: string): RemoteName | null => {
    for (const [name, url] of Object.entries(registeredRemotes()) as Array<[RemoteName, string]>) {
      if (script.startsWith(new URL('.', new URL(url, window.location.href)).href)) return name;
    }
    return null;
  };

  const views: View[] = [{ page: pagePattern(location.pathname), composition: { shell: shellVersion }, sent: false }];
  const events = new Map<string, Event>();
  let eventsSeen = 0;
  let vitals: Partial<Record<'LCP' | 'INP' | 'CLS', number>> = {};
  let vitalsSent = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const schedule = (ms: number) => {
    if (timer === undefined) timer = setTimeout(() => flush(false), ms);
  };

  const failure = (report: FailureReport) => {
    if (eventsSeen >= MAX_EVENTS_PER_PAGE) return;
    const error = report.error as { message?: unknown; stack?: unknown } | null | undefined;
    const stack = typeof error?.stack === 'string' ? error.stack : undefined;
    const frames = framesOf(stack);
    const remote = report.remote ?? frames.map((f) => remoteOfScript(f.url)).find((r) => r !== null) ?? null;
    const version = remote ? versionOf(remote) : shellVersion;
    if (!version) return; // a tester's override: not the environment's figures
    const message = String(typeof error?.message === 'string' ? error.message : (report.error ?? '')).slice(0, TELEMETRY_LIMITS.messageMax);
    const key = JSON.stringify([report.kind, report.source, remote, message, frames[0]]);
    eventsSeen++;
    const known = events.get(key);
    if (known) known.count = Math.min(100, known.count + 1);
    else events.set(key, { kind: report.kind, source: report.source, remote: remote ?? 'shell', version, message, frames, count: 1 });
    schedule(FAILURE_FLUSH_MS);
  };
  const slot = (remote: RemoteName) => {
    const version = versionOf(remote);
    const view = views[views.length - 1]!;
    if (version && !view.sent) view.composition[remote] = version;
  };

  /** Sends what is waiting; `final` (the page is hidden) also sends the current page and the vitals. */
  function flush(final = false): void {
    clearTimeout(timer);
    timer = undefined;
    const pending = views.filter((v, i) => !v.sent && (final || i < views.length - 1 || i === 0));
    const vitalsRecord =
      final && !vitalsSent && Object.keys(vitals).length ? [{ page: views[0]!.page, composition: views[0]!.composition, ...vitals }] : [];
    const list = [...events.values()];
    if (!pending.length && !vitalsRecord.length && !list.length) return;
    let batch: TelemetryBatch = {
      v: 1,
      environment: o.config.environment,
      views: pending.slice(-TELEMETRY_LIMITS.maxViews).map(({ page, composition }) => ({ page, composition })),
      vitals: vitalsRecord,
      events: list.slice(0, TELEMETRY_LIMITS.maxEvents),
    };
    let body = JSON.stringify(batch);
    // Over the API's size limit: frames go first, then failures.
    if (body.length > TELEMETRY_LIMITS.maxBodyBytes)
      body = JSON.stringify((batch = { ...batch, events: batch.events.map((e) => ({ ...e, frames: [] })) }));
    if (body.length > TELEMETRY_LIMITS.maxBodyBytes) body = JSON.stringify({ ...batch, events: [] });
    if (!send(endpoint, body)) return; // the browser's beacon queue is full: try again at the next flush
    for (const v of pending) v.sent = true;
    if (vitalsRecord.length) vitalsSent = true;
    events.clear();
  }

  o.onNavigate?.((pathname) => {
    const page = pagePattern(pathname);
    const current = views[views.length - 1]!;
    if (current.page === page && !current.sent) return;
    views.push({ page, composition: { shell: shellVersion }, sent: false });
    // The slots of the new page report themselves when they mount.
  });

  // Web vitals of the first page, with the visitor's consent to more than necessary cookies only.
  if (getCookie(COOKIES.cookieConsent) === CONSENT_ALL) {
    void (o.loadVitals ?? (() => import(/* webpackChunkName: "web-vitals" */ 'web-vitals')))().then(({ onLCP, onINP, onCLS }) => {
      const keep = (name: 'LCP' | 'INP' | 'CLS') => (m: { value: number }) => {
        vitals = { ...vitals, [name]: name === 'CLS' ? Math.round(m.value * 1000) / 1000 : Math.round(m.value) };
      };
      onLCP(keep('LCP'));
      onINP(keep('INP'));
      onCLS(keep('CLS'));
    });
  }

  // After web-vitals' own listeners (on window, capture phase): the metrics are final by then.
  document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && flush(true));
  window.addEventListener('pagehide', () => flush(true));
  schedule(FIRST_FLUSH_MS);
  attachSink({ failure, slot });
  // From here a page that is left sends its telemetry (User Timing mark, as the shell's `shell:*`).
  performance.mark('shell:telemetry');
  return { flush };
}
