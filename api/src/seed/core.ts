import { eq, sql } from 'drizzle-orm';
import { servers } from '../db/schema/core.js';
import { defineSeeder } from '../db/seed.js';
import type { ServerCode } from '../servers.js';

/**
 * Landing header promo per server (plain text, shown above the landing page; spec §3
 * landingHeaderCode). Royal is the NEW server, so its teaser advertises the launch.
 */
export const LANDING_HEADER_CODES: Record<ServerCode, string> = {
  pl: 'Legacy Weekend Cup: double training XP for every match until Sunday 23:59!',
  classic: 'Summer transfer window is open: gold packs 20% off until the end of the week.',
  royal: 'Royal is NEW: found a club in the first month and get 3 free keys and 500 energy.',
  en: 'EN test server: features appear here first and data may be reset at any time.',
};

/** Core seed: the landing header text of each server (the server rows come from migration 0001). */
export default defineSeeder({
  domain: 'core',
  order: 0,
  async seedServer(tx, { server }) {
    await tx
      .update(servers)
      .set({ landingHeaderCode: LANDING_HEADER_CODES[server], updatedAt: sql`now()` })
      .where(eq(servers.code, server));
    return 'landing header code';
  },
  async resetServer(tx, server) {
    await tx.update(servers).set({ landingHeaderCode: null }).where(eq(servers.code, server));
  },
});
