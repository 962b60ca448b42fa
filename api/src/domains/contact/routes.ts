import { z } from 'zod';
import { contactMessages } from '../db/schema/contact.js';
import { ErrorBody, errorResponses } from '../lib/errors.js';
import { defineRoutes, ServerParams } from '../lib/http.js';

/**
 * Body of `POST /:server/contact` (spec §2 contact modal). Strings are trimmed first; the
 * shell's form (shell/src/layout/ContactModal.tsx) applies the same limits before sending.
 */
export const ContactBody = z
  .object({
    name: z.string().trim().min(2, 'must be 2 to 80 characters long').max(80, 'must be 2 to 80 characters long'),
    email: z.string().trim().max(254, 'must be a valid e-mail address').email('must be a valid e-mail address'),
    message: z
      .string()
      .trim()
      .min(10, 'must be at least 10 characters long')
      .max(4000, 'must be at most 4000 characters long'),
  })
  .meta({ id: 'ContactMessage' });

/** Answer of a stored contact message. */
export const ContactCreated = z
  .object({ ok: z.literal(true), id: z.number().int().positive().describe('Id of the stored message') })
  .meta({ id: 'ContactCreated' });

/** Sends per client IP and minute before 429 (a contact form is not a chat). */
export const CONTACT_RATE_LIMIT = { max: 5, timeWindow: '1 minute' } as const;

/** Contact messages (spec §2 "a Contact action that opens the contact modal"), stored for support. */
export default defineRoutes({
  domain: 'contact',
  async serverRoutes(app) {
    app.post(
      '/contact',
      {
        config: { rateLimit: CONTACT_RATE_LIMIT },
        schema: {
          tags: ['contact'],
          summary: 'Send a message to support (contact modal)',
          description:
            'Stores `{ name, email, message }` with the server, the interface language (`X-Lang`) and the ' +
            '`X-Auth-Id` claim. Invalid fields → 400 `VALIDATION_ERROR` naming the field; more than ' +
            `${CONTACT_RATE_LIMIT.max} messages a minute from one address → 429.`,
          params: ServerParams,
          body: ContactBody,
          response: { 201: ContactCreated, 429: ErrorBody, 403: ErrorBody, ...errorResponses },
        },
      },
      async (request, reply) => {
        const { name, email, message } = request.body;
        const [row] = await app.db
          .insert(contactMessages)
          .values({
            server: request.params.server,
            name,
            email,
            message,
            lang: request.ctx.lang,
            claimedUserId: request.ctx.authId?.slice(0, 64) ?? null,
          })
          .returning({ id: contactMessages.id });
        request.log.info({ id: row!.id, server: request.params.server }, 'contact message stored');
        return reply.code(201).send({ ok: true as const, id: row!.id });
      },
    );
  },
});
