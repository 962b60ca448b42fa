import { apiBaseFor } from '@landing/shared';

/**
 * URL of an article image: absolute URLs as they are, API paths resolved against the server's
 * API base (spec §7 API base per server).
 * @param server server code (`royal`, …)
 * @param image the article's `image` field: an absolute URL or a path under the API base
 */
export function imageUrl(server: string, image: string): string {
  if (/^https?:\/\//i.test(image)) return image;
  return `${apiBaseFor(server).replace(/\/+$/, '')}/${image.replace(/^\/+/, '')}`;
}
