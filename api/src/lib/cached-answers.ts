/**
 * How a read route sends an answer of the read cache (src/lib/read-cache.ts): serialised once with
 * its entity tag, `Cache-Control` public or private, `Vary` kept next to CORS's, and the TTL of an
 * answer that changes with time.
 */
import type { FastifyReply } from 'fastify';
import { createHash } from 'node:crypto';
import type { z } from 'zod';

/** `Cache-Control` of an answer that is the same for every viewer: shared caches may keep it, revalidating with its ETag. */
const PUBLIC_CACHE_CONTROL = 'public, no-cache';
/** `Cache-Control` of a per-viewer answer. */
export const PRIVATE_CACHE_CONTROL = 'private, no-store';

/** A serialised answer: JSON text and its entity tag. */
export interface CachedBody {
  body: string;
  etag: string;
}

/** Strong entity tag of a body: base64url SHA-1, quoted. */
function etagOf(body: string): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** Validates `value` with `schema` (unknown keys dropped, as the route serializer does) and serialises it once. */
export function toCachedBody<T>(schema: z.ZodType<T>, value: unknown): CachedBody {
  const body = JSON.stringify(schema.parse(value));
  return { body, etag: etagOf(body) };
}

/**
 * Sends a cached, viewer-independent answer: `Cache-Control: public, no-cache` (a shared cache may
 * keep it and revalidates it every time, so nobody gets a stale copy), its `ETag` (a matching
 * `If-None-Match` is answered `304` by @fastify/etag) and `Vary` on the request headers it
 * depends on (kept next to CORS's `Origin`).
 *
 * @param clock fields put in front of the cached ones at send time (e.g. the bets clock `now`,
 *   which must not be served stale); such an answer gets no precomputed ETag, since it changes
 *   with every request.
 */
export function sendCached(reply: FastifyReply, cached: CachedBody, vary?: string[], clock?: Record<string, string>): FastifyReply {
  if (vary?.length) addVary(reply, ...vary);
  reply.header('content-type', 'application/json; charset=utf-8').header('cache-control', PUBLIC_CACHE_CONTROL);
  if (!clock) return reply.header('etag', cached.etag).send(cached.body);
  const head = JSON.stringify(clock).slice(0, -1);
  return reply.send(cached.body === '{}' ? `${head}}` : `${head},${cached.body.slice(1)}`);
}

/** Milliseconds from `now` until the earliest of `instants` that is still ahead, or undefined. */
export function msUntilNext(now: Date, instants: ReadonlyArray<Date | null | undefined>): number | undefined {
  let best: number | undefined;
  for (const i of instants) {
    if (!i) continue;
    const ms = i.getTime() - now.getTime();
    if (ms > 0 && (best === undefined || ms < best)) best = ms;
  }
  return best;
}

/**
 * Adds request headers to the answer's `Vary` without dropping what is there already (CORS puts
 * `Origin` first), so a shared cache keeps answers per language / per session apart.
 * @param reply any object with Fastify's `getHeader` / `header`
 */
function addVary(reply: { getHeader(name: string): unknown; header(name: string, value: string): unknown }, ...names: string[]): void {
  const current = reply.getHeader('vary');
  const list = current
    ? String(current)
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean)
    : [];
  for (const name of names) if (!list.some((v) => v.toLowerCase() === name.toLowerCase())) list.push(name);
  reply.header('Vary', list.join(', '));
}
