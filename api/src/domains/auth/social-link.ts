/**
 * Linking a social identity to an account that already exists (docs/SECURITY.md "V6"): a social
 * login whose provider-verified e-mail belongs to an account without that identity does not get
 * the account. Someone may have registered that address with their own password and never
 * activated it ("pre-hijacking"), or the provider may be wrong about the address. The login
 * answers 403 UNAUTHORIZED_DEVICE with a challenge that carries the identity and `link`; the
 * 6-digit code mailed to the account's address (the two-factor dialog, `/auth/device/send` and
 * `/auth/device/confirm`) proves control of the account, and only then is the identity linked.
 * A pending (never activated) account activated this way loses its password: whoever chose it
 * never proved the address.
 */
import { eq } from 'drizzle-orm';
import type { OAuthProviderId } from '@landing/domain';
import type { Db } from '../../db/client.js';
import { randomToken, sha256 } from './crypto.js';
import { authAccounts, authDeviceChallenges, authOauthIdentities } from './tables.js';
import { activateAccount } from './service.js';

/** Provider names in the messages about a link. */
export const PROVIDER_NAMES: Record<OAuthProviderId, string> = { google: 'Google', facebook: 'Facebook', vk: 'VK' };

/** The identity a link challenge waits to link. */
export interface PendingLink {
  provider: OAuthProviderId;
  /** The provider's user id. */
  subject: string;
  /** The provider-verified e-mail (the account's address). */
  email: string | null;
}

/**
 * Starts a link challenge for `accountId`, bound to the device `fingerprint` (empty when the
 * browser sent none). Returns its id (only its hash is stored).
 */
export async function startLinkChallenge(
  db: Db,
  o: { accountId: number; fingerprint: string; ip: string; ttlS: number; link: PendingLink },
): Promise<string> {
  const id = randomToken(24);
  await db.insert(authDeviceChallenges).values({
    idHash: sha256(id),
    accountId: o.accountId,
    fingerprintHash: sha256(o.fingerprint),
    ip: o.ip,
    expiresAt: new Date(Date.now() + o.ttlS * 1000),
    linkProvider: o.link.provider,
    linkSubject: o.link.subject,
    linkEmail: o.link.email,
  });
  return id;
}

/** The identity a completed challenge carries, or null for an ordinary new-device challenge. */
export function linkOf(challenge: typeof authDeviceChallenges.$inferSelect): PendingLink | null {
  if (!challenge.linkProvider || !challenge.linkSubject) return null;
  return { provider: challenge.linkProvider as OAuthProviderId, subject: challenge.linkSubject, email: challenge.linkEmail };
}

/**
 * After the right code of a link challenge: links the identity to the account (a link made
 * meanwhile by another request stays), and a pending account becomes active without a password.
 */
export async function completeLink(db: Db, accountId: number, link: PendingLink): Promise<void> {
  const [acc] = await db
    .select({ server: authAccounts.server, status: authAccounts.status })
    .from(authAccounts)
    .where(eq(authAccounts.id, accountId));
  if (!acc) return;
  await db
    .insert(authOauthIdentities)
    .values({ server: acc.server, provider: link.provider, subject: link.subject, accountId, email: link.email })
    .onConflictDoNothing();
  if (acc.status === 'pending') {
    await db.update(authAccounts).set({ passwordHash: null, updatedAt: new Date() }).where(eq(authAccounts.id, accountId));
    await activateAccount(db, accountId);
  }
}
