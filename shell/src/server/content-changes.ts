/**
 * The page server's subscription to the API's content changes (`GET /changes`, Server-Sent
 * Events: api/src/domains/core/changes.routes.ts). Every change makes the cached pages built from
 * its topic stale (page-cache.ts); a (re)connection makes every page stale, since changes may have
 * been missed meanwhile. While the stream is down the cache falls back to a short life per page.
 *
 * The page servers learn of changes from the API, never from the database: the API is the one
 * that knows what its writes change, whoever makes them.
 */
import { EventSource } from 'eventsource';
import { CONTENT_TOPICS, type ContentTopic } from './page-cache';

/** Wait before opening a new stream after the API refused or closed one (ms). */
const RECONNECT_MS = 1000;

/** What the subscription drives (a {@link import('./page-cache').PageCache}). */
export interface ChangeSink {
  invalidate(topic: ContentTopic | 'all'): void;
  setLive(live: boolean): void;
}

/**
 * Subscribes `sink` to the change stream at `url` (`http://127.0.0.1:4000/changes`) until the
 * returned function is called. Reconnects by itself (EventSource's own retry on a dropped
 * connection; a new stream {@link RECONNECT_MS} after a refused one).
 */
export function subscribeToChanges(url: string, sink: ChangeSink, log: (message: string) => void = console.warn): () => void {
  let source: EventSource | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let live = false;
  const setLive = (next: boolean) => {
    if (next === live) return;
    live = next;
    sink.setLive(next);
  };

  const open = () => {
    if (stopped) return;
    const es = new EventSource(url);
    source = es;
    es.addEventListener('ready', () => {
      setLive(true);
      sink.invalidate('all');
    });
    es.addEventListener('change', (event) => {
      try {
        const topic = (JSON.parse(event.data) as { topic?: string }).topic;
        sink.invalidate((CONTENT_TOPICS as readonly string[]).includes(topic ?? '') ? (topic as ContentTopic) : 'all');
      } catch {
        sink.invalidate('all');
      }
    });
    es.addEventListener('error', () => {
      if (live) log(`[shell] content change stream ${url} lost; cached pages live 5 s until it is back`);
      setLive(false);
      if (es.readyState === EventSource.CLOSED && !stopped) {
        timer = setTimeout(open, RECONNECT_MS);
        timer.unref();
      }
    });
  };
  open();
  return () => {
    stopped = true;
    clearTimeout(timer);
    source?.close();
  };
}
