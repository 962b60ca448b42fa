/**
 * Rules of the shell's forms, mirrored from the API's request schemas (contact: api/src/routes/
 * contact.ts; founder-pack sign-up: api/src/routes/newsletter.ts). Messages are translation keys
 * of the `shell` namespace. This module (and zod with it) is loaded when a form is first sent,
 * never with the page (issue 11: zod is not part of the first load).
 */
import { z } from 'zod';

/** Contact modal (spec §1): name 2–80, e-mail, message 10–4000 characters. */
export const contactSchema = z.object({
  name: z.string().trim().min(2, 'contact.errors.name').max(80, 'contact.errors.name'),
  email: z.string().trim().email('contact.errors.email').max(254, 'contact.errors.email'),
  message: z.string().trim().min(10, 'contact.errors.message').max(4000, 'contact.errors.messageTooLong'),
});
export type ContactForm = z.infer<typeof contactSchema>;

/** Founder-pack / early-access sign-up (spec §5 "name, e-mail"): name 2–50, e-mail. */
export const signupSchema = z.object({
  name: z.string().trim().min(2, 'founder.errors.name').max(50, 'founder.errors.name'),
  email: z.string().trim().max(254, 'founder.errors.email').email('founder.errors.email'),
});
export type SignupForm = z.infer<typeof signupSchema>;
