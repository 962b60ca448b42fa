/**
 * The page server's subscription to the API's content changes (`GET /changes`, Server-Sent
 * Events: api/src/domains/core/changes.routes.ts). Every change makes the cached pages built from
 * its topic stale (page-cache.ts); a (re)connection makes every page stale, since changes may have
 * been missed meanwhile. While the stream is down the cache falls back to a short life per page.
 *
 * The page servers learn of changes from the API, never from the database: the API is the one
 * that knows what its writes change, whoever makes them.
 *
 * The stream is internal: the page server sends the credential it shares with the API
 * (CHANGES_TOKEN, as `Authorization: Bearer …`). A `session` event names an account whose session
 * was revoked: the sink forgets its cached checks of that account's sessions (session.ts).
 */
import { EventSource } from 'eventsource';
import { CONTENT_TOPICS, type ContentTopic } from './page-cache';

/** Wait before opening a new stream after the API refused or closed one (ms). */
const RECONNECT_MS = 1000;

/** What the subscription drives (the page caches and the session checker). */
export interface ChangeSink {
  invalidate(topic: ContentTopic | 'all'): void;
  setLive(live: boolean): void;
  /** A session of account `uid` was revoked (logout, "log out everywhere", a password or e-mail change). */
  sessionRevoked(uid: string): void;
}

/**
 * Subscribes `sink` to the change stream at `url` (`http://127.0.0.1:4000/changes`) with the
 * credential `token` until the returned function is called. Reconnects by itself (EventSource's
 * own retry on a dropped connection; a new stream {@link RECONNECT_MS} after a refused one).
 */
export function subscribeToChanges(
  url: string,
  token: string,
  sink: ChangeSink,
  log: (message: string) => void = console.warn,
): () => void {
  let source: EventSource | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let live = false;
  let refusalLogged = false;
  const setLive = (next: boolean) => {
    if (next === live) return;
    live = next;
    sink.setLive(next);
  };

  const open = () => {
    if (stopped) return;
    const es = new EventSource(url, {
      fetch: (input, init) => fetch(input, { ...init, headers: { ...init.headers, Authorization: `Bearer ${token}` } }),
    });
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
    es.addEventListener('session', (event) => {
      try {
        const uid = (JSON.parse(event.data) as { uid?: unknown }).uid;
        if (typeof uid === 'string' && uid) sink.sessionRevoked(uid);
      } catch {
        /* not an event of this API: ignored */
      }
    });
    es.addEventListener('error', (event) => {
      const code = (event as { code?: number }).code;
      if ((code === 401 || code === 404) && !refusalLogged) {
        refusalLogged = true;
        log(
          `[shell] content change stream ${url}: ${code === 401 ? 'the API refused the credential (CHANGES_TOKEN)' : 'the API has no stream (CHANGES_TOKEN unset)'}; cached pages live 5 s`,
        );
      }
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
