/**
 * `pnpm --filter ./api run maintenance on|off|status [server]` — switches the technical break
 * (spec §4, §8): without a server (or with `all`) for every server, else for that server.
 *
 * With PostgreSQL (DATABASE_URL) the switch is written to the database directly and a running
 * API applies it on its next request. With PGlite only one process may open the data
 * directory: when the API is running, the CLI calls its `POST /admin/technical-break`
 * (needs the same ADMIN_SECRET in the environment); otherwise it opens the directory itself.
 */
import { loadConfig, MIGRATIONS_DIR } from '../config.js';
import { readLiveLock } from '../db/data-dir-lock.js';
import { withMigratedDatabase } from '../db/migrate.js';
import { isTechnicalBreak, setTechnicalBreak, technicalBreakSwitches } from '../domains/core/service.js';
import { isServerCode } from '@landing/domain';

interface State {
  switches: Record<string, boolean>;
  servers: Record<string, boolean>;
}

function usage(message?: string): never {
  if (message) console.error(`✖ ${message}`);
  console.error('usage: pnpm --filter ./api run maintenance on|off|status [pl|classic|royal|en|all]');
  process.exit(2);
}

const [action, target] = process.argv.slice(2);
if (action !== 'on' && action !== 'off' && action !== 'status') usage();
if (target !== undefined && target !== 'all' && target !== '*' && !isServerCode(target)) usage(`unknown server "${target}"`);
const scope = target === undefined || target === 'all' ? '*' : target;
const config = loadConfig();

async function viaHttp(url: string): Promise<State> {
  if (!config.adminSecret) {
    throw new Error(
      `The API (${url}) holds the PGlite data directory. Set ADMIN_SECRET (the same value the API was started with) ` +
        'so this command can use POST /admin/technical-break, or stop the API first.',
    );
  }
  const res = await fetch(`${url}/admin/technical-break`, {
    method: action === 'status' ? 'GET' : 'POST',
    headers: { 'x-admin-secret': config.adminSecret, ...(action === 'status' ? {} : { 'content-type': 'application/json' }) },
    ...(action === 'status' ? {} : { body: JSON.stringify({ enabled: action === 'on', server: scope }) }),
  });
  const body = (await res.json()) as State & { message?: string };
  if (!res.ok) throw new Error(`API answered ${res.status}: ${body.message ?? 'error'}`);
  return body;
}

function direct(): Promise<State> {
  return withMigratedDatabase(config, MIGRATIONS_DIR, async ({ db }) => {
    if (action !== 'status') await setTechnicalBreak(db, scope, action === 'on');
    const servers: Record<string, boolean> = {};
    for (const s of config.servers) servers[s] = await isTechnicalBreak(db, s);
    return { switches: await technicalBreakSwitches(db), servers };
  });
}

try {
  const holder = config.databaseUrl ? undefined : readLiveLock(config.dataDir);
  if (holder && !holder.url) throw new Error(`PGlite data directory is in use by process ${holder.pid}; stop it first.`);
  const state = holder?.url ? await viaHttp(holder.url) : await direct();
  if (action !== 'status') console.log(`technical break ${action === 'on' ? 'ON' : 'OFF'} for ${scope === '*' ? 'all servers' : scope}`);
  console.log(
    'effective: ' +
      Object.entries(state.servers)
        .map(([s, on]) => `${s} ${on ? 'ON' : 'off'}`)
        .join(', '),
  );
} catch (err) {
  console.error(`✖ ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
}
