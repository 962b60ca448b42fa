/**
 * Fields shared by the bodies of the site's forms (contact message, newsletter sign-up), which
 * the shell's forms validate before sending.
 */
import { z } from 'zod';

const EMAIL_MESSAGE = 'must be a valid e-mail address';

/**
 * The `name` and `email` fields of a form body (contact message, newsletter sign-up), for
 * `z.object({ ...nameEmailFields(L), … })`: both trimmed; the name `L.nameMin` to `L.nameMax`
 * characters, the e-mail at most `L.emailMax` characters and a valid address. Issue messages are
 * the API's English texts (`must be 2 to 80 characters long`).
 */
export function nameEmailFields(L: { nameMin: number; nameMax: number; emailMax: number }) {
  return {
    name: z
      .string()
      .trim()
      .min(L.nameMin, `must be ${L.nameMin} to ${L.nameMax} characters long`)
      .max(L.nameMax, `must be ${L.nameMin} to ${L.nameMax} characters long`),
    email: z.string().trim().max(L.emailMax, EMAIL_MESSAGE).email(EMAIL_MESSAGE),
  };
}
