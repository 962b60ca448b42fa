/**
 * Answers are private unless a route says otherwise (docs/SECURITY.md "V14 Data protection"):
 * every answer without its own `Cache-Control` gets `private, no-store`, so `/auth/me`, the login
 * answers (they carry the session token), the per-viewer parts (`…/ballot`, `…/predictions`,
 * `…/ranking/me`), errors and anything added later are never kept by a shared cache (the page
 * server's, a CDN) nor written to a browser's disk cache. Viewer-independent answers set
 * `public, no-cache` themselves (src/lib/cached-answers.ts `sendCached`), as do the article images.
 */
import type { FastifyInstance } from 'fastify';
import { PRIVATE_CACHE_CONTROL } from './cached-answers.js';

/** Adds the `onSend` hook giving every answer without a `Cache-Control` header `private, no-store`. */
export function privateByDefault(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', PRIVATE_CACHE_CONTROL);
    return payload;
  });
}
