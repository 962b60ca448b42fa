/**
 * Founder-pack / early-access newsletter (spec §1, §3, §5): the offer of a server and storing a
 * sign-up (one per e-mail address and server, compared case-insensitively).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { ServerCode } from '@landing/domain';
import type { NewsletterBody, NewsletterConfig, NewsletterCreated } from '@landing/domain/schemas/newsletter';
import type { Db } from '../../db/client.js';
import { ApiError } from '../../lib/errors.js';
import { newsletterCampaigns, newsletterSignups } from './tables.js';

/** 409 when the (case-insensitive) e-mail address already signed up on this server. */
const alreadySignedUp = (): ApiError => new ApiError(409, 'ALREADY_SIGNED_UP', 'This e-mail address is already signed up');
/** 409 when the server has no open sign-up. */
const signupClosed = (): ApiError => new ApiError(409, 'SIGNUP_CLOSED', 'The sign-up is closed on this server');

/** The sign-up offer of `server` (inactive when it has no campaign row or the row is switched off). */
export async function newsletterConfig(db: Db, server: ServerCode): Promise<NewsletterConfig> {
  const [c] = await db.select().from(newsletterCampaigns).where(eq(newsletterCampaigns.server, server));
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(newsletterSignups)
    .where(eq(newsletterSignups.server, server));
  const signups = count?.n ?? 0;
  if (!c || !c.active) return { active: false, kind: null, rewards: null, early_access: null, signups };
  return {
    active: true,
    kind: c.kind,
    rewards: { euro: c.rewardEuro, energy: c.rewardEnergy, free_keys: c.rewardFreeKeys },
    early_access:
      c.kind === 'early_access' && c.earlyAccessStartsAt && c.earlyAccessEnergy !== null
        ? { starts_at: c.earlyAccessStartsAt.toISOString(), energy: c.earlyAccessEnergy }
        : null,
    signups,
  };
}

/**
 * Stores a sign-up on `server` for its open offer (body already validated and trimmed).
 * @throws ApiError 409 SIGNUP_CLOSED without an open offer, 409 ALREADY_SIGNED_UP for an address
 *   that signed up on this server before
 */
export async function signUp(db: Db, server: ServerCode, body: NewsletterBody, lang: string): Promise<NewsletterCreated> {
  const [campaign] = await db
    .select({ kind: newsletterCampaigns.kind })
    .from(newsletterCampaigns)
    .where(and(eq(newsletterCampaigns.server, server), eq(newsletterCampaigns.active, true)));
  if (!campaign) throw signupClosed();
  const { name, email } = body;
  const inserted = await db
    .insert(newsletterSignups)
    .values({ server, name, email, emailNormalized: email.toLowerCase(), kind: campaign.kind, lang })
    .onConflictDoNothing({ target: [newsletterSignups.server, newsletterSignups.emailNormalized] })
    .returning({ id: newsletterSignups.id });
  if (!inserted.length) throw alreadySignedUp();
  return { ok: true, kind: campaign.kind };
}
