/**
 * Where the page server fetches a remote whose public origin it cannot reach (`--remote-origin
 * PUBLIC=INTERNAL`; docker-compose: `http://localhost:3002` → `http://mf-news`). Only the fetch
 * goes elsewhere: the browser's URLs stay the public ones.
 */

/** The mapping of one federation's fetches. */
export interface FetchOrigins {
  /** The public origins that are fetched from an internal one (exempt from the transport rule: remote-trust.ts). */
  mapped: Iterable<string>;
  /** The URL the page server fetches for a public URL (manifests, entries and chunks all pass here). */
  fetchUrl(url: string): string;
}

/** @param fetchOrigins  public origin → internal origin (each an absolute URL; only its origin counts) */
export function fetchOriginsOf(fetchOrigins: Record<string, string>): FetchOrigins {
  const origins = new Map(Object.entries(fetchOrigins).map(([from, to]) => [new URL(from).origin, new URL(to).origin]));
  return {
    mapped: origins.keys(),
    fetchUrl(url) {
      if (!origins.size) return url;
      const parsed = new URL(url);
      const to = origins.get(parsed.origin);
      return to ? `${to}${parsed.pathname}${parsed.search}` : url;
    },
  };
}
