/**
 * The server build's article sanitiser (./sanitize.server.ts), with the interface of the
 * browser's lazy one (./article-sanitizer.ts): always loaded, so the server renders every body.
 */
import { sanitizeArticleHtml } from './sanitize.server';
import type { Sanitize } from './article-sanitizer';

/** The server's sanitiser (always loaded). */
export function loadedSanitizer(): Sanitize | undefined {
  return sanitizeArticleHtml;
}

/** The server's sanitiser (nothing to load). */
export function loadSanitizer(): Promise<Sanitize> {
  return Promise.resolve(sanitizeArticleHtml);
}
