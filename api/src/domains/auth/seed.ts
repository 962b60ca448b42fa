/**
 * Demo accounts with known passwords on every server, only with DEV_FEATURES=1 (never in
 * production, nor with DEMO_ACCOUNTS=0: src/domains/auth/config.ts `demoAccountsEnabled`), so people can try the login and other domains can test logged-in players
 * below and above OVR thresholds. Listed in mf-auth/README.md "Demo accounts".
 *
 * Each account is active, owns a footballer in `players` with the given OVR, and trusts the
 * device id {@link DEMO_TRUSTED_DEVICE}: a browser (or test) whose `FT-fingerprint` cookie has
 * that value logs in without the new-device code; any other device gets the code by e-mail
 * (dev mailbox), as for real accounts.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { authAccounts, authDevices } from './tables.js';
import { players } from '../leaderboard/tables.js';
import { defineSeeder } from '../../db/seed.js';
import { hashPassword, sha256 } from './crypto.js';
import { demoAccountsEnabled } from './config.js';

/** The password of every demo account. */
export const DEMO_PASSWORD = 'Demo-Goal-2026';
/** FT-fingerprint value trusted by every demo account (tests: skip the device code). */
export const DEMO_TRUSTED_DEVICE = 'demo-device';

/** Demo players: nickname, e-mail, OVR. */
export const DEMO_ACCOUNTS = [
  { nickname: 'demo', email: 'demo@example.com', ovr: 72, country: 'PL' },
  { nickname: 'demo_rookie', email: 'rookie@example.com', ovr: 42, country: 'BR' },
  { nickname: 'demo_legend', email: 'legend@example.com', ovr: 95, country: 'DE' },
] as const;

let demoHash: Promise<string> | undefined;

export default defineSeeder({
  domain: 'auth',
  order: 100,
  async seedServer(tx, { server }) {
    if (!demoAccountsEnabled(process.env)) return 'no demo accounts (DEV_FEATURES is not 1, production, or DEMO_ACCOUNTS=0)';
    demoHash ??= hashPassword(DEMO_PASSWORD);
    const passwordHash = await demoHash;
    for (const d of DEMO_ACCOUNTS) {
      await tx.insert(players).values({ server, nickname: d.nickname, country: d.country, ovr: d.ovr }).onConflictDoNothing();
      const [player] = await tx
        .select({ id: players.id })
        .from(players)
        .where(and(eq(players.server, server), eq(players.nickname, d.nickname)));
      const [acc] = await tx
        .insert(authAccounts)
        .values({
          server,
          nickname: d.nickname,
          email: d.email,
          passwordHash,
          status: 'active',
          playerId: player?.id ?? null,
          termsAcceptedAt: new Date(),
          activatedAt: new Date(),
        })
        .onConflictDoNothing()
        .returning({ id: authAccounts.id });
      if (acc)
        await tx
          .insert(authDevices)
          .values({ accountId: acc.id, fingerprintHash: sha256(DEMO_TRUSTED_DEVICE) })
          .onConflictDoNothing();
    }
    return `${DEMO_ACCOUNTS.length} demo accounts`;
  },
  async resetServer(tx, server) {
    const emails = DEMO_ACCOUNTS.map((d) => d.email);
    await tx.delete(authAccounts).where(and(eq(authAccounts.server, server), inArray(authAccounts.email, emails)));
    await tx.delete(players).where(
      and(
        eq(players.server, server),
        inArray(
          players.nickname,
          DEMO_ACCOUNTS.map((d) => d.nickname),
        ),
      ),
    );
  },
});
