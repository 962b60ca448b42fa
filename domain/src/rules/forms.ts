/**
 * Limits of the shell's forms, which the API enforces with the same schemas
 * (`@landing/domain/schemas/contact`, `…/newsletter`).
 */

/** Contact modal (spec §2): name, e-mail and message lengths in characters, after trimming. */
export const CONTACT_LIMITS = { nameMin: 2, nameMax: 80, emailMax: 254, messageMin: 10, messageMax: 4000 } as const;

/** Founder-pack / early-access sign-up (spec §5 "name, e-mail"), after trimming. */
export const SIGNUP_LIMITS = { nameMin: 2, nameMax: 50, emailMax: 254 } as const;

/** Kinds of newsletter offer a server can run (spec §1). */
export const NEWSLETTER_KINDS = ['founder_pack', 'early_access'] as const;
export type NewsletterKind = (typeof NEWSLETTER_KINDS)[number];
