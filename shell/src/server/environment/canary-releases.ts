/**
 * The `canary` object of remotes.json (written by `scripts/deploy.mjs canary`): remote name → the
 * version a share of visitors gets. The environment reads it (environment.ts); which visitors get
 * it is canary.ts.
 */
import { REMOTE_NAMES, type RemoteName } from '@landing/shared';
import { sanitizeRemotePins, type RemotePins } from '../federation/remote-trust';

/** One canary of remotes.json (sanitised). */
export interface CanaryRelease {
  remote: RemoteName;
  version: string;
  url: string;
  /** Share of visitors, 1–99 (%). */
  percent: number;
  startedAt: string;
  /** Pins of the canary's server files (remote-trust.ts shape), or none. */
  pins: RemotePins[RemoteName];
}

/**
 * The canaries of a parsed remotes.json: known remote names with an http(s) or root-relative URL,
 * a version and a whole percentage 1–99; anything else is left out (that remote has no canary).
 */
export function sanitizeCanaries(remotesJson: unknown): CanaryRelease[] {
  const raw = (remotesJson as { canary?: unknown } | null)?.canary;
  if (!raw || typeof raw !== 'object') return [];
  const out: CanaryRelease[] = [];
  for (const [name, value] of Object.entries(raw as Record<string, unknown>)) {
    const c = value as { version?: unknown; url?: unknown; percent?: unknown; startedAt?: unknown; integrity?: unknown } | null;
    if (!REMOTE_NAMES.includes(name as RemoteName) || !c || typeof c !== 'object') continue;
    if (typeof c.url !== 'string' || !/^(https?:\/\/|\/)/.test(c.url)) continue;
    if (typeof c.version !== 'string' || !/^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/.test(c.version)) continue;
    if (typeof c.percent !== 'number' || !Number.isInteger(c.percent) || c.percent < 1 || c.percent > 99) continue;
    out.push({
      remote: name as RemoteName,
      version: c.version,
      url: c.url,
      percent: c.percent,
      startedAt: typeof c.startedAt === 'string' ? c.startedAt : '',
      pins: sanitizeRemotePins({ integrity: { [name]: c.integrity } })[name as RemoteName],
    });
  }
  return out.sort((a, b) => a.remote.localeCompare(b.remote));
}
