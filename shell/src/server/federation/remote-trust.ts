/**
 * What the page server accepts of the remotes' code before it runs it in its own process
 * (federation.ts; docs/ARCHITECTURE.md "A page, from request to hydration"). Remote server code
 * runs with the page server's rights, so every manifest, entry and chunk passes here:
 *
 * - Transport: a remote's URLs are `https:`; plain `http:` only on a loopback host (`localhost`,
 *   `*.localhost`, 127.0.0.0/8, `::1`), i.e. the local stack and e2e.
 * - Origins: the page server fetches only from the origins of the manifest URLs in remotes.json. A
 *   manifest whose `publicPath` / `ssrPublicPath` points elsewhere is refused, and so is one with a
 *   `getPublicPath` (the federation runtime evaluates that string as code) or a server entry that is
 *   not a `commonjs-module` container.
 * - Pins: remotes.json may carry an `integrity` object, remote name → file path relative to the
 *   manifest's folder → `sha256-<base64>` of the file, written by scripts/deploy.mjs from the
 *   published build (and by the local stack from the local builds). A pinned remote's server entry
 *   must be one of its pinned files, and every file fetched below its manifest's folder must match
 *   its pin: a changed or unlisted file is refused. The shape is additive: a remotes.json without
 *   `integrity` (older environments) stays valid, its remotes unpinned.
 *
 *   {
 *     "mf_news": "https://static.example/mf-news/1.1.0/mf-manifest.json",
 *     "integrity": { "mf_news": { "server/remoteEntry.js": "sha256-…", "server/chunks/110.06128c12b6.js": "sha256-…" } }
 *   }
 *
 * The URLs checked are the public ones of remotes.json and the manifests. A public origin its
 * operator maps to an internal one with `--remote-origin` (ServerFederationOptions.fetchOrigins;
 * docker-compose: `http://localhost:3002=http://mf-news`) is never connected to: the page server
 * fetches it from the named internal origin (a container network), so the transport rule does not
 * apply to it; the origin rule and the pins do.
 */
import { createHash } from 'node:crypto';
import { REMOTE_NAMES, type RemoteName } from '@landing/shared';

/** Pins of one remote: path relative to its manifest's folder (`server/remoteEntry.js`) → `sha256-<base64>`. */
type FilePins = Readonly<Record<string, string>>;
/** remotes.json `integrity`: remote name → its pins. */
export type RemotePins = Partial<Record<RemoteName, FilePins>>;

/** Key of the pins in remotes.json (beside the remote names). */
const INTEGRITY_KEY = 'integrity';

const SRI_SHA256 = /^sha256-[A-Za-z0-9+/]{43}=$/;
const PIN_PATH = /^(?!\/)(?!.*(?:^|\/)\.\.?(?:\/|$))[A-Za-z0-9._/-]+$/;

/**
 * The `integrity` object of a remotes.json, keeping only known remote names, relative paths
 * without `.`/`..` segments and well-formed `sha256-<base64>` values (anything else is dropped:
 * a remote whose pins are all malformed is unpinned).
 * @param remotesJson the parsed remotes.json
 */
export function sanitizeRemotePins(remotesJson: unknown): RemotePins {
  const out: RemotePins = {};
  const integrity = (remotesJson as Record<string, unknown> | null)?.[INTEGRITY_KEY];
  if (!integrity || typeof integrity !== 'object') return out;
  for (const [name, files] of Object.entries(integrity as Record<string, unknown>)) {
    if (!REMOTE_NAMES.includes(name as RemoteName) || !files || typeof files !== 'object') continue;
    const pins: Record<string, string> = {};
    for (const [path, digest] of Object.entries(files as Record<string, unknown>)) {
      if (PIN_PATH.test(path) && typeof digest === 'string' && SRI_SHA256.test(digest)) pins[path] = digest;
    }
    if (Object.keys(pins).length) out[name as RemoteName] = pins;
  }
  return out;
}

/** Logs a refusal of remote code (`[remotes] refused: …`) and returns the error that fails the load. */
export function refusal(problem: string): Error {
  console.error(`[remotes] refused: ${problem}`);
  return new Error(`refused: ${problem}`);
}

/** `sha256-<base64>` of some bytes (the format of the pins, as in Subresource Integrity). */
export function sha256Integrity(bytes: Uint8Array | string): string {
  return `sha256-${createHash('sha256').update(bytes).digest('base64')}`;
}

/** Whether a URL hostname is a loopback one: `localhost`, `*.localhost`, 127.0.0.0/8 or `[::1]`. */
export function isLoopbackHostname(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return host === 'localhost' || host.endsWith('.localhost') || host === '[::1]' || /^127(?:\.\d{1,3}){3}$/.test(host);
}

/**
 * Why the page server may not fetch remote code from `url` over its scheme, or null when it may:
 * `https:`, or `http:` on a loopback host.
 */
export function transportProblem(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return `${url} is not an absolute URL`;
  }
  if (parsed.protocol === 'https:') return null;
  if (parsed.protocol === 'http:' && isLoopbackHostname(parsed.hostname)) return null;
  return parsed.protocol === 'http:'
    ? `${url}: remote code is fetched over https only (plain http on localhost only)`
    : `${url}: ${parsed.protocol} is not a remote code URL`;
}

/** The part of a manifest this module looks at. */
interface ManifestLike {
  metaData?: {
    publicPath?: unknown;
    ssrPublicPath?: unknown;
    getPublicPath?: unknown;
    ssrRemoteEntry?: { name?: unknown; path?: unknown; type?: unknown };
  };
}

/** One registered remote, as the trust checks see it. */
interface Registration {
  name: RemoteName;
  manifestUrl: string;
  /** The manifest's folder (`…/1.1.0/`): pinned paths are relative to it. */
  folder: string;
  pins: FilePins | undefined;
}

/** The checks of one federation (server-federation.ts), kept in step with its remotes map by {@link RemoteTrust.update}. */
export interface RemoteTrust {
  /**
   * Takes the remotes and pins of the remotes.json read now. Returns the remotes the page server may
   * load and, for the others, why not (transport or a URL that is not absolute).
   */
  update(
    map: Partial<Record<RemoteName, string>>,
    pins: RemotePins,
  ): { accepted: Partial<Record<RemoteName, string>>; refused: Map<RemoteName, string> };
  /** Pins of a remote as last updated (undefined: unpinned). */
  pinsOf(name: RemoteName): FilePins | undefined;
  /** Why `url` may not be fetched (transport, or an origin not in remotes.json), or null. */
  fetchProblem(url: string): string | null;
  /** Why a fetched body may not be used (a pinned file that differs or is not listed; a bad manifest), or null. */
  bodyProblem(url: string, body: Uint8Array): string | null;
  /** Why a remote's server entry may not be loaded (not a commonjs-module container; not a pinned file), or null. */
  entryProblem(name: RemoteName, entryUrl: string, type: string): string | null;
}

/** `decodeURIComponent`, or null for a malformed escape. */
function decodePath(path: string): string | null {
  try {
    return decodeURIComponent(path);
  } catch {
    return null;
  }
}

/**
 * Creates the trust checks of one federation: a process has one per composition (canary.ts).
 * @param o.mappedOrigins public origins the page server fetches from an operator-named internal origin
 *   (`--remote-origin`): exempt from the transport rule
 */
export function createRemoteTrust({ mappedOrigins = [] }: { mappedOrigins?: Iterable<string> } = {}): RemoteTrust {
  let registrations: Registration[] = [];
  let origins = new Set<string>();
  const mapped = new Set(mappedOrigins);
  /** {@link transportProblem}, except for a mapped public origin. */
  const transportOf = (url: string): string | null => {
    try {
      if (mapped.has(new URL(url).origin)) return null;
    } catch {
      // not a URL: transportProblem says so
    }
    return transportProblem(url);
  };

  /** The registration whose manifest folder holds `url` (longest folder first), if any. */
  function ownerOf(url: URL): Registration | undefined {
    const href = `${url.origin}${url.pathname}`;
    let best: Registration | undefined;
    for (const r of registrations) if (href.startsWith(r.folder) && (!best || r.folder.length > best.folder.length)) best = r;
    return best;
  }

  function manifestProblem(reg: Registration, text: string): string | null {
    let manifest: ManifestLike;
    try {
      manifest = JSON.parse(text) as ManifestLike;
    } catch {
      return `${reg.manifestUrl} is not JSON`;
    }
    const meta = manifest?.metaData;
    if (!meta || typeof meta !== 'object') return `${reg.manifestUrl} has no metaData`;
    if ('getPublicPath' in meta) return `${reg.manifestUrl}: a manifest with getPublicPath (code) is refused`;
    for (const key of ['publicPath', 'ssrPublicPath'] as const) {
      const value = meta[key];
      if (value === undefined || value === '' || value === 'auto') continue;
      if (typeof value !== 'string') return `${reg.manifestUrl}: ${key} is not a string`;
      let target: URL;
      try {
        target = new URL(value, reg.manifestUrl);
      } catch {
        return `${reg.manifestUrl}: ${key} ${value} is not a URL`;
      }
      if (!origins.has(target.origin)) return `${reg.manifestUrl}: ${key} ${value} points outside the origins of remotes.json`;
      const transport = transportOf(target.href);
      if (transport) return `${reg.manifestUrl}: ${key}: ${transport}`;
      // A pinned remote's files are pinned relative to its manifest's folder: they must stay there.
      if (reg.pins && !target.href.startsWith(reg.folder))
        return `${reg.manifestUrl}: ${key} ${value} leaves the pinned folder ${reg.folder}`;
    }
    const ssr = meta.ssrRemoteEntry;
    if (!ssr || typeof ssr !== 'object') return `${reg.manifestUrl} names no server entry (metaData.ssrRemoteEntry)`;
    if (ssr.type !== undefined && ssr.type !== 'commonjs-module')
      return `${reg.manifestUrl}: server entry of type ${String(ssr.type)} refused (commonjs-module only)`;
    return null;
  }

  return {
    update(map, pins) {
      const accepted: Partial<Record<RemoteName, string>> = {};
      const refused = new Map<RemoteName, string>();
      const next: Registration[] = [];
      for (const name of REMOTE_NAMES) {
        const url = map[name];
        if (typeof url !== 'string') continue;
        const problem = transportOf(url);
        if (problem) {
          refused.set(name, problem);
          continue;
        }
        accepted[name] = url;
        next.push({ name, manifestUrl: url, folder: new URL('.', url).href, pins: pins[name] });
      }
      registrations = next;
      origins = new Set(next.map((r) => new URL(r.manifestUrl).origin));
      return { accepted, refused };
    },
    pinsOf(name) {
      return registrations.find((r) => r.name === name)?.pins;
    },
    fetchProblem(url) {
      const transport = transportOf(url);
      if (transport) return transport;
      const origin = new URL(url).origin;
      return origins.has(origin) ? null : `${url}: ${origin} is not an origin of remotes.json`;
    },
    bodyProblem(url, body) {
      const parsed = new URL(url);
      const manifestOf = registrations.find((r) => r.manifestUrl === url);
      if (manifestOf) return manifestProblem(manifestOf, Buffer.from(body).toString('utf8'));
      const owner = ownerOf(parsed);
      if (!owner?.pins) return null;
      const path = decodePath(parsed.pathname.slice(new URL(owner.folder).pathname.length));
      const expected = path === null ? undefined : owner.pins[path];
      if (!expected) return `${url}: not a pinned file of ${owner.name} (remotes.json integrity)`;
      const actual = sha256Integrity(body);
      return actual === expected ? null : `${url}: integrity mismatch, ${actual} instead of the pinned ${expected}`;
    },
    entryProblem(name, entryUrl, type) {
      if (type !== 'commonjs-module') return `${name}: server entry of type ${type} refused (commonjs-module only)`;
      const reg = registrations.find((r) => r.name === name);
      if (!reg?.pins) return null;
      const parsed = new URL(entryUrl);
      const href = `${parsed.origin}${parsed.pathname}`;
      const path = href.startsWith(reg.folder) ? decodePath(href.slice(reg.folder.length)) : null;
      return path && reg.pins[path] ? null : `${name}: server entry ${entryUrl} is not one of its pinned files`;
    },
  };
}
