/**
 * Stack frames of a browser failure resolved to the remote's sources (docs/OPERATIONS.md), on the
 * server, for the version the failure names: a frame whose script lies in that version's folder
 * (`…/<version>/….js`) on an origin of TELEMETRY_SOURCE_MAP_ORIGINS is looked up in the script's
 * source map (`<script>.map`, which the remotes' production builds publish beside each chunk) with
 * @jridgewell/trace-mapping. Anything else stays as the browser saw it (`mapped: false`).
 *
 * The URLs come from the browser, so the API fetches only from the configured origins (mapped to
 * their internal origin), only `.js.map` files of the named version's folder, without redirects,
 * within 2 s and 8 MiB; maps (and failures to get one) are kept in an LRU cache of 32 entries for
 * 10 minutes, so a flood of frames costs at most one fetch per script.
 */
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
import { LRUCache } from 'lru-cache';
import type { StoredFrame } from './tables.js';

/** A frame as the browser sent it (1-based line, 0-based column). */
interface RawFrame {
  url: string;
  line: number;
  column: number;
}

const FETCH_TIMEOUT_MS = 2000;
const MAX_MAP_BYTES = 8 * 1024 * 1024;

/** Fetches a source map; null when it cannot be had (not there, too large, not a map). */
type MapFetch = (url: string) => Promise<TraceMap | null>;

async function fetchMap(url: string): Promise<TraceMap | null> {
  try {
    const res = await fetch(url, { redirect: 'error', signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
    if (!res.ok) return null;
    if (Number(res.headers.get('content-length') ?? 0) > MAX_MAP_BYTES) return null;
    const text = await res.text();
    if (text.length > MAX_MAP_BYTES) return null;
    return new TraceMap(text);
  } catch {
    return null;
  }
}

/**
 * The frame resolver of one API process.
 * @param origins  public origin of a remote → origin to fetch its maps from (TELEMETRY_SOURCE_MAP_ORIGINS)
 * @param load     how a map is fetched (tests)
 * @returns `resolve(frames, version)`: the frames as stored, each resolved when its map allows
 */
export function createFrameResolver(origins: Record<string, string>, load: MapFetch = fetchMap) {
  const cache = new LRUCache<string, { map: TraceMap | null }>({ max: 32, ttl: 10 * 60_000 });
  const pending = new Map<string, Promise<TraceMap | null>>();

  /** The URL the API fetches for a frame's script, or null when it may not. */
  const mapUrlOf = (script: string, version: string): string | null => {
    let url: URL;
    try {
      url = new URL(script);
    } catch {
      return null;
    }
    const internal = origins[url.origin];
    if (!internal || url.search || url.hash) return null;
    const segments = url.pathname.split('/');
    if (!segments.includes(version) || !url.pathname.endsWith('.js') || segments.includes('..')) return null;
    return `${internal}${url.pathname}.map`;
  };

  const mapOf = async (mapUrl: string): Promise<TraceMap | null> => {
    const hit = cache.get(mapUrl);
    if (hit) return hit.map;
    let load$ = pending.get(mapUrl);
    if (!load$) {
      load$ = load(mapUrl).finally(() => pending.delete(mapUrl));
      pending.set(mapUrl, load$);
    }
    const map = await load$;
    cache.set(mapUrl, { map });
    return map;
  };

  return async function resolve(frames: readonly RawFrame[], version: string): Promise<StoredFrame[]> {
    return Promise.all(
      frames.map(async (f): Promise<StoredFrame> => {
        const raw: StoredFrame = { file: f.url, line: f.line, column: f.column, name: null, mapped: false };
        const mapUrl = mapUrlOf(f.url, version);
        const map = mapUrl ? await mapOf(mapUrl) : null;
        if (!map) return raw;
        const pos = originalPositionFor(map, { line: f.line, column: f.column });
        if (pos.source === null || pos.line === null) return raw;
        return { file: pos.source, line: pos.line, column: pos.column ?? 0, name: pos.name, mapped: true };
      }),
    );
  };
}

/** Resolves a failure's frames (see {@link createFrameResolver}). */
export type FrameResolver = ReturnType<typeof createFrameResolver>;
