import { eq } from 'drizzle-orm';
import { servers } from '../db/schema/core.js';
import { defineSeeder } from '../db/seed.js';
import { LOCKED_DEMO_SERVER } from '../servers.js';

/**
 * Outside production, one locked server (spec §2: listed dimmed with a lock icon): the `servers`
 * row of {@link LOCKED_DEMO_SERVER}. It is written with the test server `en`, which exists only
 * outside production (spec §9), so a production database never gets it.
 */
export default defineSeeder({
  domain: 'core-locked',
  order: 2,
  async seedServer(tx, { server }) {
    if (server !== 'en') return 'locked demo server only with the test server';
    const { code, name, timeZone, status } = LOCKED_DEMO_SERVER;
    await tx.insert(servers).values({ code, name, timeZone, status }).onConflictDoNothing();
    return `locked server ${code}`;
  },
  async resetServer(tx, server) {
    if (server === 'en') await tx.delete(servers).where(eq(servers.code, LOCKED_DEMO_SERVER.code));
  },
});
