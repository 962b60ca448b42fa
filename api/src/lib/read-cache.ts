/**
 * Read cache of the API (docs/PERFORMANCE.md, API under a traffic spike): answers of the read routes kept in memory (lru-cache, which
 * also dedupes concurrent loads of one key, so a burst on a cold key costs one database query),
 * invalidated by the writes that change them, in every API process.
 *
 * Invalidation: triggers on the source tables send `NOTIFY landing_cache, '<topic>'` (migrations
 * 0004, 0201, 0301; since 0006, 0202, 0302 per changed row, and per statement for TRUNCATE only;
 * 0402) whoever writes — a route of any process, a ticker, the CLI, psql.
 * Each process LISTENs; a notification bumps the topic's version, and every cache key carries
 * the versions of its topics, so older entries are never read again (the LRU drops them).
 *
 * Freshness ("a cached answer is never stale for the player who just wrote"):
 * - PGlite (one process): PGlite hands a statement's notifications to the listener before the
 *   statement's promise resolves (at commit for a transaction), so by the time a write's answer
 *   is sent the cache has already forgotten what it changed.
 * - PostgreSQL (N processes): a request calls {@link ReadCache.sync} before reading: one
 *   `SELECT 1` on the LISTEN connection, shared by the requests waiting at that moment. The
 *   server sends a notification committed before that query ahead of the query's result, so
 *   every write committed before the request arrived has been applied to the cache when it
 *   reads. A write acknowledged to a player is committed, so their next read — on any process —
 *   sees it.
 * - LISTEN connection down: the cache is bypassed (every read goes to the database) until it is
 *   back, and then emptied, since notifications may have been missed.
 *
 * Answers that depend on time as well (scheduled articles, poll end, kick-offs, week change,
 * online users) carry a TTL up to the moment they would change (see `ttlMs` of {@link Loaded}).
 */
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { z } from 'zod';
import type { DbHandle, DedicatedConnection } from '../db/client.js';
import { sendCached, toCachedBody, type CachedBody } from './cached-answers.js';

/** NOTIFY channel of the invalidation triggers. */
const CACHE_CHANNEL = 'landing_cache';
/**
 * NOTIFY channel of ended sessions (migration 0152: payload = the account id whose session was
 * revoked). Not an invalidation of this cache: the same LISTEN connection carries it so the
 * change stream can tell the page servers (src/domains/core/changes.routes.ts).
 */
const SESSIONS_CHANNEL = 'landing_sessions';

/**
 * What a write can change; the triggers name one per table:
 * `core` servers, settings, landing texts, newsletter campaigns (migration 0402); `leaderboard`
 * players, teams, weekly points, prizes;
 * `news` articles, comments, polls, ballots; `bets` tournaments, matches, predictions, standings.
 */
const TOPICS = ['core', 'leaderboard', 'news', 'bets'] as const;
export type Topic = (typeof TOPICS)[number];

/** What a loader returns: the value, and how long it stays true by itself (ms), if not for ever. */
export interface Loaded<T> {
  value: T;
  /** The value changes with time at this many ms from now (e.g. an article's publication). */
  ttlMs?: number;
}

interface Entry {
  value: unknown;
  size: number;
}

type Loader = () => Promise<Loaded<unknown>>;

/** Receives the topic of each invalidation, or `'all'` (see {@link ReadCache.onChange}). */
export type ChangeListener = (change: Topic | 'all') => void;

/** Receives the account id of each revoked session (see {@link ReadCache.onSessionRevoked}). */
export type SessionListener = (accountId: string) => void;

/** Options of {@link ReadCache}. */
export interface ReadCacheOptions {
  /** Most entries kept (default 20 000). */
  maxEntries?: number;
  /** Most bytes of answers kept (default 64 MiB). */
  maxBytes?: number;
  /** Wait before reconnecting a broken LISTEN connection, ms (default 1000). */
  reconnectMs?: number;
}

/** Largest TTL handed to the LRU (a day, ms): time-dependent values beyond that are reloaded anyway. */
const MAX_TTL_MS = 86_400_000;

/** The read cache of one API process. Create with {@link startReadCache}. */
export class ReadCache {
  private readonly versions = new Map<Topic, number>(TOPICS.map((t) => [t, 0]));
  /** Bumped when every entry must go (LISTEN (re)connected: notifications may have been missed). */
  private generation = 0;
  private readonly lru: LRUCache<string, Entry, Loader>;
  private live = false;
  private closed = false;
  private connection: DedicatedConnection | undefined;
  private unlisten: Array<() => Promise<void>> = [];
  private reconnectTimer: NodeJS.Timeout | undefined;
  private inFlight: Promise<void> | null = null;
  private queued: Promise<void> | null = null;
  /** Counters for the logs and the tests. */
  readonly stats = { hits: 0, loads: 0, invalidations: 0, bypassed: 0 };
  private readonly changeListeners = new Set<ChangeListener>();
  private readonly sessionListeners = new Set<SessionListener>();

  constructor(
    private readonly handle: DbHandle,
    private readonly log: FastifyBaseLogger,
    private readonly options: ReadCacheOptions = {},
  ) {
    this.lru = new LRUCache<string, Entry, Loader>({
      max: options.maxEntries ?? 20_000,
      maxSize: options.maxBytes ?? 64 * 1024 * 1024,
      sizeCalculation: (e) => Math.max(1, e.size),
      fetchMethod: async (_key, _stale, { options: fetchOptions, context }) => {
        this.stats.loads++;
        const loaded = await context();
        if (loaded.ttlMs !== undefined) fetchOptions.ttl = Math.max(1, Math.min(MAX_TTL_MS, Math.floor(loaded.ttlMs)));
        const value = loaded.value;
        const size = typeof value === 'object' && value !== null && 'body' in value ? (value as CachedBody).body.length : 64;
        return { value, size };
      },
    });
  }

  /** Is the cache in use? False while the LISTEN connection is down (reads go to the database). */
  get isLive(): boolean {
    return this.live;
  }

  /** Starts listening for invalidations. */
  async start(): Promise<void> {
    if (this.handle.listenInProcess) {
      this.unlisten = [
        await this.handle.listenInProcess(CACHE_CHANNEL, (payload) => this.invalidate(payload)),
        await this.handle.listenInProcess(SESSIONS_CHANNEL, (payload) => this.emitSessionRevoked(payload)),
      ];
      this.live = true;
      return;
    }
    await this.connect();
  }

  private async connect(): Promise<void> {
    if (this.closed || !this.handle.openConnection) return;
    try {
      const conn = await this.handle.openConnection();
      conn.onNotification((channel, payload) => {
        if (channel === CACHE_CHANNEL) this.invalidate(payload);
        else if (channel === SESSIONS_CHANNEL) this.emitSessionRevoked(payload);
      });
      conn.onEnd((err) => {
        if (this.connection !== conn) return;
        this.connection = undefined;
        this.live = false;
        this.generation++;
        this.emitChange('all');
        if (!this.closed) {
          this.log.warn({ err }, 'read cache: LISTEN connection lost, reading from the database until it is back');
          this.scheduleReconnect();
        }
      });
      await conn.query(`LISTEN ${CACHE_CHANNEL}; LISTEN ${SESSIONS_CHANNEL}`);
      if (this.closed) {
        await conn.close();
        return;
      }
      this.connection = conn;
      this.generation++; // anything written while we were not listening is forgotten
      this.live = true;
      this.emitChange('all');
    } catch (err) {
      this.log.warn({ err }, 'read cache: cannot LISTEN, reading from the database');
      this.scheduleReconnect();
    }
  }

  private scheduleReconnect(): void {
    if (this.closed || this.reconnectTimer) return;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      void this.connect();
    }, this.options.reconnectMs ?? 1000);
    this.reconnectTimer.unref();
  }

  /** Forgets every answer built from `topic` (a trigger's notification payload). Unknown topics forget everything. */
  invalidate(topic: string): void {
    this.stats.invalidations++;
    if ((TOPICS as readonly string[]).includes(topic)) {
      const t = topic as Topic;
      this.versions.set(t, (this.versions.get(t) ?? 0) + 1);
      this.emitChange(t);
    } else {
      this.generation++;
      this.emitChange('all');
    }
  }

  /**
   * Calls `listener` after every invalidation this process applies: the topic written, or `'all'`
   * when anything may have changed (an unknown topic, the LISTEN connection lost or back).
   * The page servers learn of content changes through this (the `/changes` event stream).
   * @returns a function that removes the listener
   */
  onChange(listener: ChangeListener): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  /**
   * Calls `listener` with the account id of every session revoked in the database (logout, "log
   * out everywhere", a password change or reset, an e-mail change), by any process.
   * @returns a function that removes the listener
   */
  onSessionRevoked(listener: SessionListener): () => void {
    this.sessionListeners.add(listener);
    return () => this.sessionListeners.delete(listener);
  }

  private emitSessionRevoked(accountId: string): void {
    for (const listener of this.sessionListeners) {
      try {
        listener(accountId);
      } catch (err) {
        this.log.warn({ err }, 'read cache: a session listener failed');
      }
    }
  }

  private emitChange(change: Topic | 'all'): void {
    for (const listener of this.changeListeners) {
      try {
        listener(change);
      } catch (err) {
        this.log.warn({ err }, 'read cache: a change listener failed');
      }
    }
  }

  /**
   * Resolves once every write committed before the call has been applied to this cache (see the
   * module comment). PGlite: at once. PostgreSQL: one round trip on the LISTEN connection,
   * shared by the callers that arrive while it is being prepared.
   */
  sync(): Promise<void> {
    if (!this.connection) return Promise.resolve();
    if (!this.inFlight) return this.barrier();
    // A round trip already sent may have left before our caller's write committed: wait for the next one.
    this.queued ??= this.inFlight.then(() => {
      this.queued = null;
      return this.barrier();
    });
    return this.queued;
  }

  private barrier(): Promise<void> {
    const conn = this.connection;
    const p: Promise<void> = (
      conn
        ? conn.query('SELECT 1').then(
            () => undefined,
            () => undefined,
          )
        : Promise.resolve()
    ).finally(() => {
      if (this.inFlight === p) this.inFlight = null;
    });
    this.inFlight = p;
    return p;
  }

  /**
   * The value of `key`, loaded with `load` when this process does not hold a current one.
   * Concurrent calls for the same key share one load. A load that fails is not kept.
   *
   * @param key identifies the value within its topics (route, server, language, query)
   * @param topics what the value is built from; a write to any of them makes it stale
   */
  async get<T>(key: string, topics: readonly Topic[], load: () => Promise<Loaded<T>>): Promise<T> {
    if (!this.live) {
      this.stats.bypassed++;
      return (await load()).value;
    }
    const fullKey = `${key}|${topics.map((t) => `${t}${this.versions.get(t)}`).join('.')}|${this.generation}`;
    if (this.lru.has(fullKey)) this.stats.hits++;
    const entry = await this.lru.fetch(fullKey, { context: load as Loader });
    return entry!.value as T;
  }

  /**
   * Sends a viewer-independent answer from the cache: JSON validated by `schema` once per load,
   * then {@link sendCached}.
   */
  async send<T>(
    reply: FastifyReply,
    spec: { key: string; topics: readonly Topic[]; schema: z.ZodType<T>; vary?: string[]; load: () => Promise<Loaded<T>> },
  ): Promise<FastifyReply> {
    const cached = await this.get<CachedBody>(spec.key, spec.topics, async () => {
      const loaded = await spec.load();
      return { value: toCachedBody(spec.schema, loaded.value), ...(loaded.ttlMs !== undefined ? { ttlMs: loaded.ttlMs } : {}) };
    });
    return sendCached(reply, cached, spec.vary);
  }

  /** Number of entries held (tests). */
  get size(): number {
    return this.lru.size;
  }

  /** Stops listening and drops every entry. */
  async close(): Promise<void> {
    this.closed = true;
    this.live = false;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.lru.clear();
    for (const unlisten of this.unlisten) await unlisten().catch(() => undefined);
    const conn = this.connection;
    this.connection = undefined;
    await conn?.close();
  }
}

/** Creates the read cache of an app and starts listening for invalidations. */
export async function startReadCache(handle: DbHandle, log: FastifyBaseLogger, options?: ReadCacheOptions): Promise<ReadCache> {
  const cache = new ReadCache(handle, log, options);
  await cache.start();
  return cache;
}
