/**
 * Trust policy of tester overrides: an override runs a manifest's code in the site's origin, so
 * only manifests on an origin listed in the environment's config.json `trustedRemoteOrigins` are
 * accepted (overrides.ts applies it to every stored and every new override).
 */

/**
 * Whether a manifest URL may be used as a tester override: it must be an absolute http(s) URL (or
 * root-relative, resolved against `base`) whose origin is one of `trustedOrigins` (exact
 * `scheme://host:port` match, from config.json `trustedRemoteOrigins`).
 */
export function isTrustedManifestUrl(url: string, trustedOrigins: readonly string[], base: string): boolean {
  try {
    const target = new URL(url, base);
    if (target.protocol !== 'http:' && target.protocol !== 'https:') return false;
    return trustedOrigins.some((o) => {
      try {
        return new URL(o).origin === target.origin;
      } catch {
        return false;
      }
    });
  } catch {
    return false;
  }
}
