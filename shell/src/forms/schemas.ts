/**
 * Rules of the shell's forms: the limits the API's request schemas enforce, from `@landing/domain`
 * (CONTACT_LIMITS, SIGNUP_LIMITS; API: `@landing/domain/schemas/contact` and `…/newsletter`).
 * Messages are translation keys of the `shell` namespace. This module (and zod with it) is loaded when a form is first sent,
 * never with the page (issue 11: zod is not part of the first load).
 */
import { CONTACT_LIMITS as C, SIGNUP_LIMITS as S } from '@landing/domain';
import { z } from 'zod';

/** Contact modal (spec §1): name 2–80, e-mail, message 10–4000 characters. */
export const contactSchema = z.object({
  name: z.string().trim().min(C.nameMin, 'contact.errors.name').max(C.nameMax, 'contact.errors.name'),
  email: z.string().trim().email('contact.errors.email').max(C.emailMax, 'contact.errors.email'),
  message: z.string().trim().min(C.messageMin, 'contact.errors.message').max(C.messageMax, 'contact.errors.messageTooLong'),
});
export type ContactForm = z.infer<typeof contactSchema>;

/** Founder-pack / early-access sign-up (spec §5 "name, e-mail"): name 2–50, e-mail. */
export const signupSchema = z.object({
  name: z.string().trim().min(S.nameMin, 'founder.errors.name').max(S.nameMax, 'founder.errors.name'),
  email: z.string().trim().max(S.emailMax, 'founder.errors.email').email('founder.errors.email'),
});
export type SignupForm = z.infer<typeof signupSchema>;
