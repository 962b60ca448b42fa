import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client.js';
import { newsletterCampaigns, newsletterSignups } from '../db/schema/newsletter.js';
import { ApiError, ErrorBody, errorResponses } from '../lib/errors.js';
import { defineRoutes, ServerParams } from '../lib/http.js';
import type { ServerCode } from '../servers.js';

/** Founder-pack rewards (spec §3: euro, energy, free keys amounts). */
export const Rewards = z
  .object({
    euro: z.number().int().nonnegative().describe('In-game euro'),
    energy: z.number().int().nonnegative(),
    free_keys: z.number().int().nonnegative().describe('Free pack keys'),
  })
  .meta({ id: 'FounderPackRewards' });

/** Answer of `GET /:server/newsletter`: the sign-up offer of the server. */
export const NewsletterConfig = z
  .object({
    active: z.boolean().describe('False when the server has no open sign-up (the form is hidden)'),
    kind: z.enum(['founder_pack', 'early_access']).nullable(),
    rewards: Rewards.nullable().describe('Founder pack for every sign-up; null when not active'),
    early_access: z
      .object({
        starts_at: z.string().describe('ISO instant early access opens'),
        energy: z.number().int().nonnegative().describe('Energy prize of early access'),
      })
      .nullable()
      .describe('Only for kind = early_access'),
    signups: z.number().int().nonnegative().describe('Sign-ups so far on this server'),
  })
  .meta({ id: 'NewsletterConfig' });
export type NewsletterConfig = z.infer<typeof NewsletterConfig>;

/** Body of `POST /:server/newsletter` (spec §5 "Founder sign-up inputs: name, e-mail"). */
export const NewsletterBody = z
  .object({
    name: z.string().trim().min(2, 'must be 2 to 50 characters long').max(50, 'must be 2 to 50 characters long'),
    email: z.string().trim().max(254, 'must be a valid e-mail address').email('must be a valid e-mail address'),
  })
  .meta({ id: 'NewsletterSignup' });

/** Answer of a stored sign-up. */
export const NewsletterCreated = z
  .object({ ok: z.literal(true), kind: z.enum(['founder_pack', 'early_access']) })
  .meta({ id: 'NewsletterCreated' });

/** Sign-ups per client IP and minute before 429. */
export const NEWSLETTER_RATE_LIMIT = { max: 10, timeWindow: '1 minute' } as const;

/** 409 when the (case-insensitive) e-mail address already signed up on this server. */
export const alreadySignedUp = (): ApiError =>
  new ApiError(409, 'ALREADY_SIGNED_UP', 'This e-mail address is already signed up');
/** 409 when the server has no open sign-up. */
export const signupClosed = (): ApiError => new ApiError(409, 'SIGNUP_CLOSED', 'The sign-up is closed on this server');

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

/** Founder-pack / early-access newsletter (spec §1): the offer and the sign-up. */
export default defineRoutes({
  domain: 'newsletter',
  async serverRoutes(app) {
    app.get(
      '/newsletter',
      {
        schema: {
          tags: ['newsletter'],
          summary: 'Founder-pack / early-access offer of a server',
          params: ServerParams,
          response: { 200: NewsletterConfig, ...errorResponses },
        },
      },
      async (request) => newsletterConfig(app.db, request.params.server),
    );

    app.post(
      '/newsletter',
      {
        config: { rateLimit: NEWSLETTER_RATE_LIMIT },
        schema: {
          tags: ['newsletter'],
          summary: 'Sign up for the founder pack / early access',
          description:
            'One sign-up per e-mail address and server, compared case-insensitively: a second one → 409 ' +
            '`ALREADY_SIGNED_UP`. No open offer → 409 `SIGNUP_CLOSED`. Invalid fields → 400 `VALIDATION_ERROR`.',
          params: ServerParams,
          body: NewsletterBody,
          response: { 201: NewsletterCreated, 409: ErrorBody, 429: ErrorBody, 403: ErrorBody, ...errorResponses },
        },
      },
      async (request, reply) => {
        const { server } = request.params;
        const [campaign] = await app.db
          .select({ kind: newsletterCampaigns.kind })
          .from(newsletterCampaigns)
          .where(and(eq(newsletterCampaigns.server, server), eq(newsletterCampaigns.active, true)));
        if (!campaign) throw signupClosed();
        const { name, email } = request.body;
        const inserted = await app.db
          .insert(newsletterSignups)
          .values({ server, name, email, emailNormalized: email.toLowerCase(), kind: campaign.kind, lang: request.ctx.lang })
          .onConflictDoNothing({ target: [newsletterSignups.server, newsletterSignups.emailNormalized] })
          .returning({ id: newsletterSignups.id });
        if (!inserted.length) throw alreadySignedUp();
        return reply.code(201).send({ ok: true as const, kind: campaign.kind });
      },
    );
  },
});
