import { eq } from 'drizzle-orm';
import { newsletterCampaigns, type CampaignKind } from './tables.js';
import { defineSeeder } from '../../db/seed.js';
import type { ServerCode } from '@landing/domain';

/** Days from the seed until early access opens on an early-access server. */
export const EARLY_ACCESS_IN_DAYS = 21;

/**
 * The sign-up offer per server (spec §1 founder pack: euro, energy, free keys; early access:
 * start date, energy prize). Royal, the NEW server, runs the early-access campaign.
 */
export const CAMPAIGNS: Record<
  ServerCode,
  { kind: CampaignKind; euro: number; energy: number; freeKeys: number; earlyAccessEnergy?: number }
> = {
  pl: { kind: 'founder_pack', euro: 50_000, energy: 300, freeKeys: 3 },
  classic: { kind: 'founder_pack', euro: 40_000, energy: 250, freeKeys: 2 },
  royal: { kind: 'early_access', euro: 75_000, energy: 500, freeKeys: 5, earlyAccessEnergy: 1_000 },
  en: { kind: 'early_access', euro: 10_000, energy: 100, freeKeys: 1, earlyAccessEnergy: 200 },
};

/** Newsletter seed: the campaign row of each server (sign-ups start empty). */
export default defineSeeder({
  domain: 'newsletter',
  order: 400,
  async seedServer(tx, { server, now }) {
    const c = CAMPAIGNS[server];
    const start = new Date(now.getTime() + EARLY_ACCESS_IN_DAYS * 86_400_000);
    start.setUTCHours(16, 0, 0, 0);
    await tx
      .insert(newsletterCampaigns)
      .values({
        server,
        kind: c.kind,
        rewardEuro: c.euro,
        rewardEnergy: c.energy,
        rewardFreeKeys: c.freeKeys,
        earlyAccessStartsAt: c.kind === 'early_access' ? start : null,
        earlyAccessEnergy: c.earlyAccessEnergy ?? null,
      })
      .onConflictDoNothing();
    return `${c.kind} campaign`;
  },
  // Only the campaign is demo data: real sign-ups survive a reseed.
  async resetServer(tx, server) {
    await tx.delete(newsletterCampaigns).where(eq(newsletterCampaigns.server, server));
  },
});
