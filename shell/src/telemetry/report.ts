/**
 * What the shell reports of its remotes to the telemetry collector (docs/OPERATIONS.md), part of
 * the start-up bundle so that nothing is missed before the collector (./collector.ts, a chunk of
 * its own) has loaded: failures (an uncaught error or rejection, a remote that could not be
 * loaded, a slot that shows its fallback) and the remotes whose slots a page showed. Until the
 * collector attaches, reports wait in a short buffer (at most {@link BUFFER_MAX}); a page whose
 * telemetry is off (not sampled) drops them.
 */
import type { RemoteName } from '@landing/shared';

/** One failure as a part of the shell saw it. */
export interface FailureReport {
  kind: 'error' | 'load_failure' | 'fallback';
  source: 'boundary' | 'window' | 'rejection' | 'runtime' | 'slot';
  /** The remote it belongs to, when the reporter knows it (a slot, a load); else found from the stack. */
  remote?: RemoteName;
  /** What was thrown (its message and stack are read), or a message. */
  error: unknown;
}

/** Where reports go once the collector runs. */
export interface ReportSink {
  failure(report: FailureReport): void;
  slot(remote: RemoteName): void;
}

/** Reports kept while no collector is attached. */
const BUFFER_MAX = 50;
const buffered: Array<{ failure: FailureReport } | { slot: RemoteName }> = [];
let sink: ReportSink | null | undefined;
/** Errors already reported as a remote's load failure (the slot's boundary then reports its fallback only). */
const loadFailures = new WeakSet<object>();

function push(entry: { failure: FailureReport } | { slot: RemoteName }): void {
  if (sink === null) return;
  if (sink) return 'failure' in entry ? sink.failure(entry.failure) : sink.slot(entry.slot);
  if (buffered.length < BUFFER_MAX) buffered.push(entry);
}

/** Reports a failure (see {@link FailureReport}); never throws. */
export function reportFailure(report: FailureReport): void {
  if (report.kind === 'load_failure' && report.error && typeof report.error === 'object') loadFailures.add(report.error);
  push({ failure: report });
}

/** Whether `error` was already reported as a load failure. */
export function reportedAsLoadFailure(error: unknown): boolean {
  return !!error && typeof error === 'object' && loadFailures.has(error);
}

/** A slot of `remote` is on the page (its page views count for that remote's version). */
export function reportSlot(remote: RemoteName): void {
  push({ slot: remote });
}

/**
 * Attaches the collector (or `null`: telemetry is off for this page) and hands it what was
 * buffered.
 */
export function attachSink(next: ReportSink | null): void {
  sink = next;
  for (const entry of buffered.splice(0)) if (next) push(entry);
}

/** Listens for uncaught errors and promise rejections from the start of the page. */
export function watchUncaught(target: Pick<Window, 'addEventListener'> = window): void {
  target.addEventListener('error', (e) => {
    const event = e as ErrorEvent;
    // A resource that failed to load (a script, an image) is not an exception: its loader reports it.
    if (!('message' in event)) return;
    reportFailure({
      kind: 'error',
      source: 'window',
      error: event.error ?? { message: event.message, stack: `at ${event.filename}:${event.lineno}:${event.colno}` },
    });
  });
  target.addEventListener('unhandledrejection', (e) =>
    reportFailure({ kind: 'error', source: 'rejection', error: (e as PromiseRejectionEvent).reason }),
  );
}
