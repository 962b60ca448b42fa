import { and, eq, sql } from 'drizzle-orm';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerCode } from '@landing/domain';
import { DOMAINS_DIR, MODULE_EXT } from '../config.js';
import { seedMarkers } from './tables.js';
import { createRng, type Rng } from '../lib/random.js';
import type { Db } from './client.js';

/** What a seeder gets for one server. */
interface SeedContext {
  server: ServerCode;
  /** Deterministic random numbers for this (domain, server): the same seed data every time. */
  rng: Rng;
  /** Reference time of the seed. */
  now: Date;
}

/**
 * What a domain's `src/domains/<name>/seed.ts` exports by default (one seeder, or a list). Every
 * domain's seed file is loaded (seeders sorted by `order`, then domain). Each (domain, server)
 * pair runs once, in one transaction, and leaves a row in `seed_markers`; later starts skip it.
 */
export interface Seeder {
  domain: string;
  /** Lower runs first; use your migration range start (core 0, leaderboard 10, auth 100, …). */
  order: number;
  /** Inserts this domain's demo data for one server. Returns a short summary for the log. */
  seedServer(tx: Db, ctx: SeedContext): Promise<string | void>;
  /** Deletes this domain's seed data for one server (used by `seed --reseed`). */
  resetServer?(tx: Db, server: ServerCode): Promise<void>;
}

/** Identity helper giving a seeder its type. */
export function defineSeeder(seeder: Seeder): Seeder {
  return seeder;
}

function isSeeder(v: unknown): v is Seeder {
  const s = v as Seeder | undefined;
  return !!s && typeof s.domain === 'string' && typeof s.order === 'number' && typeof s.seedServer === 'function';
}

/**
 * Loads the seeders of every domain (`src/domains/<name>/seed.ts`), in run order. A plain
 * directory listing, not @fastify/autoload: seeders are no Fastify plugins, they run before the
 * routes exist (and from the seed CLI, without an app).
 *
 * @throws Error naming the file whose default export is not a seeder (or a list of them)
 */
async function loadSeeders(): Promise<Seeder[]> {
  const seeders: Seeder[] = [];
  for (const domain of readdirSync(DOMAINS_DIR, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort()) {
    const file = join(DOMAINS_DIR, domain, `seed${MODULE_EXT}`);
    if (!existsSync(file)) continue;
    const exported = ((await import(pathToFileURL(file).href)) as { default?: unknown }).default;
    const list = Array.isArray(exported) ? exported : [exported];
    if (!list.every(isSeeder)) throw new Error(`${file}: the default export must be a seeder (defineSeeder) or a list of them`);
    seeders.push(...list);
  }
  return seeders.sort((a, b) => a.order - b.order || a.domain.localeCompare(b.domain));
}

/** One line per (domain, server) considered by {@link runSeeds}. */
export interface SeedReportEntry {
  domain: string;
  server: ServerCode;
  status: 'seeded' | 'skipped';
  summary?: string;
}

const SEED_LOCK_KEY = 727_401_002;

/**
 * Seeds every domain for every given server unless already seeded (idempotent; the marker
 * check and the data are in one transaction under an advisory lock, so concurrent starts
 * against one PostgreSQL server seed once).
 *
 * @param options.reseed delete the domain's data (its `resetServer`) and seed again
 * @throws Error when `reseed` is asked for a seeder without `resetServer`, or a seeder fails
 */
export async function runSeeds(
  db: Db,
  servers: readonly ServerCode[],
  options: { reseed?: boolean; seeders?: Seeder[]; now?: Date } = {},
): Promise<SeedReportEntry[]> {
  const seeders = options.seeders ?? (await loadSeeders());
  const now = options.now ?? new Date();
  const report: SeedReportEntry[] = [];
  for (const seeder of seeders) {
    for (const server of servers) {
      const entry = await db.transaction(async (tx) => {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
        const marker = and(eq(seedMarkers.domain, seeder.domain), eq(seedMarkers.server, server));
        const existing = await tx.select().from(seedMarkers).where(marker);
        if (existing.length > 0) {
          if (!options.reseed) return { domain: seeder.domain, server, status: 'skipped' } as const;
          if (!seeder.resetServer) throw new Error(`Seeder "${seeder.domain}" cannot reseed (no resetServer)`);
          await seeder.resetServer(tx, server);
          await tx.delete(seedMarkers).where(marker);
        }
        const summary = await seeder.seedServer(tx, { server, rng: createRng(`${seeder.domain}:${server}`), now });
        await tx.insert(seedMarkers).values({ domain: seeder.domain, server });
        return { domain: seeder.domain, server, status: 'seeded', ...(summary ? { summary } : {}) } as const;
      });
      report.push(entry);
    }
  }
  return report;
}
