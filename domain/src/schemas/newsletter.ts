/**
 * Founder-pack / early-access newsletter (spec §1, §3, §5): the offer of a server and the sign-up,
 * whose body the shell's form validates before sending (trimmed; name 2–50, e-mail). Issue
 * messages are the API's English texts; the form shows its own translation per field.
 */
import { z } from 'zod';
import { NEWSLETTER_KINDS, SIGNUP_LIMITS as L } from '../rules/forms.ts';
import { rewardAmounts } from './common.ts';
import { nameEmailFields } from './form-fields.ts';

/** Founder-pack rewards (spec §3: euro, energy, free keys amounts). */
export const Rewards = z
  .object({
    ...rewardAmounts(),
    free_keys: z.number().int().nonnegative().describe('Free pack keys'),
  })
  .meta({ id: 'FounderPackRewards' });
export type Rewards = z.infer<typeof Rewards>;

/** Answer of `GET /{server}/newsletter`: the sign-up offer of the server. */
export const NewsletterConfig = z
  .object({
    active: z.boolean().describe('False when the server has no open sign-up (the form is hidden)'),
    kind: z.enum(NEWSLETTER_KINDS).nullable(),
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

/** Body of `POST /{server}/newsletter` (spec §5 "Founder sign-up inputs: name, e-mail"). */
export const NewsletterBody = z
  .object({
    ...nameEmailFields(L),
  })
  .meta({ id: 'NewsletterSignup' });
export type NewsletterBody = z.infer<typeof NewsletterBody>;

/** Answer of a stored sign-up. */
export const NewsletterCreated = z.object({ ok: z.literal(true), kind: z.enum(NEWSLETTER_KINDS) }).meta({ id: 'NewsletterCreated' });
export type NewsletterCreated = z.infer<typeof NewsletterCreated>;
