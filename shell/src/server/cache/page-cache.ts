/**
 * The page server's cache of server-rendered HTML for anonymous visitors (docs/ARCHITECTURE.md
 * "Page cache").
 *
 * - Entries are the page's bytes ready to send: identity, brotli and gzip, with the status and
 *   an entity tag. A hit costs no render and no compression.
 * - lru-cache holds them within a memory budget in bytes (`maxBytes`) and runs one render per key
 *   at a time: concurrent requests for a key that is being rendered wait for that render (a miss)
 *   or get the previous copy (stale-while-revalidate).
 * - Freshness: a page whose content topic changed (the API's change stream, content-changes.ts,
 *   calls {@link PageCache.invalidate}) is not served while it can be rendered again: the next
 *   request waits for its render (MISS); only when that render fails (the render queue full) does
 *   the old copy go out, as STALE. A page lives `freshMs` at most (time-driven content: scheduled
 *   articles, kick-offs, the online count); while the change stream is down, `fallbackFreshMs`
 *   (5 s). A page past its life is served as STALE while it is rendered again, within `staleMs` of
 *   its render; older copies are dropped and the next visitor waits for a render (MISS).
 * - Pages with a slot the page server could not render (a remote down or slow) live `degradedFreshMs`
 *   only: the remote's recovery shows within that time.
 * - Bounded key space: only status 200 pages are stored (a 404 or error page is rendered for the
 *   requests waiting on it and dropped), and the keys' bytes count toward `maxBytes`
 *   (shell/test/page-cache-keys.test.ts: 10,000 unknown values leave the real pages cached).
 * - A render may answer a redirect (an old activation link, routing/RemoteRoutes.tsx `tokenPathTarget`) instead of a page:
 *   the redirect goes to the requests waiting on it, as a value, and is never stored. A render that
 *   fails (the render queue full) rejects for every request waiting on it, unless there is an old
 *   copy to serve.
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import { pageUrl, type Redirect } from '../pages/page-request';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
const EMPTY = Buffer.alloc(0);

/** What the API's change stream names (api/src/lib/read-cache.ts TOPICS). */
export const CONTENT_TOPICS = ['core', 'leaderboard', 'news', 'bets'] as const;
/** One kind of content a page is built from. */
export type ContentTopic = (typeof CONTENT_TOPICS)[number];

/** A page as the render made it. */
export interface RenderedPage {
  kind: 'page';
  status: number;
  html: string;
  /** Content the page shows (from its queries): a change of any of them makes it stale. */
  topics: readonly ContentTopic[];
  /** Some slot was sent as its fallback: the page is kept {@link PageCacheOptions.degradedFreshMs} only. */
  degraded: boolean;
  /** Server-Timing of the render (ms). */
  renderMs: number;
  /** Keep brotli and gzip copies (default true, for status 200; a shared player page is filled in and compressed per answer). */
  compress?: boolean;
}

/** A cached page: compressed once, sent many times. */
export interface CachedPage {
  kind: 'page';
  status: number;
  body: { identity: Buffer; br: Buffer; gzip: Buffer };
  etag: string;
  renderMs: number;
  /** Epoch ms of the render. */
  renderedAt: number;
  /** Fresh until then (epoch ms), unless a topic changes before. */
  freshUntil: number;
  /** The counters of its topics when its render started. */
  topics: ReadonlyArray<readonly [ContentTopic, number]>;
}

/** How a request was answered, as the `X-Cache` header says it. */
export type CacheStatus = 'HIT' | 'MISS' | 'STALE';

/** Options of {@link PageCache}; times in ms, sizes in bytes. */
export interface PageCacheOptions {
  /** Memory budget of the entries (bytes of identity + brotli + gzip; default 64 MiB). */
  maxBytes?: number;
  /** Longest life of a fresh page while the change stream is up (default 60 000 ms). */
  freshMs?: number;
  /** Life of a fresh page while the change stream is down (default 5 000 ms). */
  fallbackFreshMs?: number;
  /** Life of a page with a fallback slot (default 5 000 ms). */
  degradedFreshMs?: number;
  /** How long after its render a page may still be served stale while it is rendered again (default 60 000 ms). */
  staleMs?: number;
  /** Clock (tests). */
  now?: () => number;
}

/**
 * A stand-in's render that read something personal (shared player pages,
 * ../players/shared-player-pages.ts): handed to its callers, never kept, and the key's previous
 * copy is dropped.
 */
export interface PersonalRender {
  kind: 'personal';
}

/** What a render may answer besides a page; the cache hands it to the render's callers without keeping it. */
type PassedOn = Redirect | PersonalRender;

/**
 * The render behind a key: the page (kept when its status is 200, else only handed to its
 * callers), or a redirect or a personal render (only handed to its callers).
 */
type Render<A extends PassedOn = PassedOn> = () => Promise<RenderedPage | A>;

/** What the cache answers for a key: a page (cached or just rendered), or what its render passed on. */
type Answer = CachedPage | PassedOn;

/** Counters for /health and the benchmark. */
export interface PageCacheStats {
  hits: number;
  misses: number;
  stale: number;
  renders: number;
  entries: number;
  bytes: number;
}

/** Who a cached page is for: anonymous visitors, or the players of one game server (shared player pages). */
export type PageAudience = 'visitor' | `player:${string}`;

/**
 * The key of a page in the page cache: environment version, public origin, language, path, the
 * page-changing query parameters and the audience. A JSON array, so no path, parameter or
 * header value can spell another page's key (each part is a JSON string of its own).
 * @param url  the request URL (only {@link pageUrl}'s parts are used)
 */
export function pageCacheKey(envVersion: string, origin: string, url: URL, lang: string, audience: PageAudience = 'visitor'): string {
  const rendered = pageUrl(url);
  return JSON.stringify([envVersion, origin, lang, rendered.pathname, [...rendered.searchParams], audience]);
}

/** See the module comment. */
export class PageCache {
  private readonly lru: LRUCache<string, Answer, Render>;
  private readonly counters = new Map<ContentTopic, number>(CONTENT_TOPICS.map((t) => [t, 0]));
  private live = false;
  private readonly freshMs: number;
  private readonly fallbackFreshMs: number;
  private readonly degradedFreshMs: number;
  private readonly now: () => number;
  private readonly counts = { hits: 0, misses: 0, stale: 0, renders: 0 };

  constructor(o: PageCacheOptions = {}) {
    this.freshMs = o.freshMs ?? 60_000;
    this.fallbackFreshMs = o.fallbackFreshMs ?? 5_000;
    this.degradedFreshMs = o.degradedFreshMs ?? 5_000;
    this.now = o.now ?? Date.now;
    this.lru = new LRUCache<string, Answer, Render>({
      maxSize: o.maxBytes ?? 64 * 1024 * 1024,
      // The key's bytes count too: a flood of long keys cannot hold more memory than the budget.
      // A redirect is never kept (too large for any budget).
      sizeCalculation: (p, key) =>
        p.kind === 'page'
          ? p.body.identity.length + p.body.br.length + p.body.gzip.length + Buffer.byteLength(key) + 256
          : Number.MAX_SAFE_INTEGER,
      // Entries past this age are not served at all, not even stale (the LRU forgets them).
      ttl: o.staleMs ?? 60_000,
      ttlAutopurge: false,
      perf: { now: this.now },
      ttlResolution: 0,
      allowStale: true,
      // A failed render keeps the previous copy instead of dropping it (`get` serves it stale).
      noDeleteOnFetchRejection: true,
      fetchMethod: async (_key, _stale, { context, options }) => {
        const topics = CONTENT_TOPICS.map((t) => [t, this.counters.get(t)!] as const);
        this.counts.renders++;
        const rendered = await context();
        // Only pages that exist are kept: a redirect, a personal render, a 404 (an unknown path, article, tournament
        // or page number) or an error page goes to everyone who asked for it meanwhile and is not
        // stored. A size past maxEntrySize is lru-cache's way to hand a fetched value out without
        // keeping it (it also drops the key's previous copy).
        if (rendered.kind !== 'page') {
          options.size = Number.MAX_SAFE_INTEGER;
          return rendered;
        }
        if (rendered.status !== 200) options.size = Number.MAX_SAFE_INTEGER;
        return this.store(rendered, topics);
      },
    });
  }

  /** Whether the API's change stream is connected (fresh pages then last `freshMs`, else `fallbackFreshMs`). */
  setLive(live: boolean): void {
    this.live = live;
    // Changes may have been missed while it was down, or while it connected.
    this.invalidate('all');
  }

  /** A content topic changed (or `'all'`): every page built from it is stale from now on. */
  invalidate(topic: ContentTopic | 'all'): void {
    for (const t of CONTENT_TOPICS) if (topic === 'all' || topic === t) this.counters.set(t, this.counters.get(t)! + 1);
  }

  /**
   * The page of `key`: the cached copy when fresh, else one render of `render` shared by
   * everyone asking meanwhile (a STALE copy goes out while it runs, when there is one); or the
   * redirect or personal render that render answered.
   * @typeParam A  what `render` passes on besides a page; the answer is a page or an `A`, as every
   *   render of a key is of the same caller (the audience is part of the key: {@link pageCacheKey})
   * @throws the render's error (rejected) when there is no copy to fall back on
   */
  async get<A extends PassedOn>(key: string, render: Render<A>): Promise<{ answer: CachedPage | A; cache: CacheStatus }> {
    const held = this.lru.peek(key, { allowStale: true });
    const existing = held?.kind === 'page' ? held : undefined;
    // A copy whose content changed is never served again: the visitor waits for the render (shared
    // with everyone asking meanwhile). One that only aged is served while it is rendered again,
    // unless it is past `staleMs`.
    const changed = existing !== undefined && this.changed(existing);
    const servable = existing !== undefined && !changed && this.lru.getRemainingTTL(key) > 0;
    const status: LRUCache.Status<string, Answer, Render> = {};
    const answer = await this.lru.fetch(key, {
      context: render,
      forceRefresh: existing !== undefined && (changed || this.now() >= existing.freshUntil),
      allowStale: servable,
      // A failed render serves the old copy, if there is one; else its error reaches every caller.
      allowStaleOnFetchRejection: existing !== undefined,
      status,
    });
    if (!answer) throw new Error('page cache: the render gave nothing');
    // A copy that is not fresh comes back as the very object held before the render (lru-cache
    // does not flag every such case in `status.returnedStale`).
    const served: CacheStatus = status.fetch === 'hit' ? 'HIT' : answer === existing ? 'STALE' : 'MISS';
    if (served === 'HIT') this.counts.hits++;
    else if (served === 'STALE') this.counts.stale++;
    else this.counts.misses++;
    return { answer: answer as CachedPage | A, cache: served };
  }

  /** Counters since the start, and the entries held. */
  stats(): PageCacheStats {
    return { ...this.counts, entries: this.lru.size, bytes: this.lru.calculatedSize };
  }

  /** Whether a topic the page was built from changed since its render started. */
  private changed(page: CachedPage): boolean {
    return page.topics.some(([t, n]) => this.counters.get(t) !== n);
  }

  private async store(page: RenderedPage, counters: ReadonlyArray<readonly [ContentTopic, number]>): Promise<CachedPage> {
    const identity = Buffer.from(page.html);
    // Quality 5 / level 6: a few ms for a 50 KB page, about 10 % larger than the slowest settings,
    // paid once per render rather than once per answer.
    // A page that is not kept (not 200) is sent once or a few times: identity only (responses.ts).
    const [br, gzipped] =
      page.compress === false || page.status !== 200
        ? [EMPTY, EMPTY]
        : await Promise.all([
            brotli(identity, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
            gz(identity, { level: 6 }),
          ]);
    const renderedAt = this.now();
    const life = page.degraded ? this.degradedFreshMs : this.live ? this.freshMs : this.fallbackFreshMs;
    return {
      kind: 'page',
      status: page.status,
      body: { identity, br, gzip: gzipped },
      etag: `"${createHash('sha1').update(identity).digest('base64url')}"`,
      renderMs: page.renderMs,
      renderedAt,
      freshUntil: renderedAt + life,
      topics: counters.filter(([t]) => page.topics.includes(t)),
    };
  }
}
