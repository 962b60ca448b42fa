/**
 * The contact modal's message (spec §2): the body of `POST /{server}/contact`, which the shell's
 * form validates before sending. Strings are trimmed first. Issue messages are the API's English
 * texts (`Invalid body field "name": must be 2 to 80 characters long`); the form shows its own
 * translation per field.
 */
import { z } from 'zod';
import { CONTACT_LIMITS as L } from '../rules/forms.ts';
import { nameEmailFields } from './form-fields.ts';

/** Body of `POST /{server}/contact`: name 2–80, e-mail, message 10–4000 characters. */
export const ContactBody = z
  .object({
    ...nameEmailFields(L),
    message: z
      .string()
      .trim()
      .min(L.messageMin, `must be at least ${L.messageMin} characters long`)
      .max(L.messageMax, `must be at most ${L.messageMax} characters long`),
  })
  .meta({ id: 'ContactMessage' });
export type ContactBody = z.infer<typeof ContactBody>;

/** Answer of a stored contact message. */
export const ContactCreated = z
  .object({ ok: z.literal(true), id: z.number().int().positive().describe('Id of the stored message') })
  .meta({ id: 'ContactCreated' });
export type ContactCreated = z.infer<typeof ContactCreated>;
