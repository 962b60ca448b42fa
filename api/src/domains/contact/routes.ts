/** Contact messages (spec §2 "a Contact action that opens the contact modal"), stored for support. */
import { ServerParams } from '@landing/domain/schemas/common';
import { ContactBody, ContactCreated } from '@landing/domain/schemas/contact';
import { defineRoutes } from '../../lib/domain-routes.js';
import { routeOptions } from '../../lib/route-options.js';
import { storeContactMessage } from './service.js';

/** Sends per client IP and minute before 429 (a contact form is not a chat). */
export const CONTACT_RATE_LIMIT = { max: 5, timeWindow: '1 minute' } as const;

export default defineRoutes({
  async server(app) {
    app.post(
      '/contact',
      routeOptions({
        config: { rateLimit: CONTACT_RATE_LIMIT },
        tag: 'contact',
        summary: 'Send a message to support (contact modal)',
        params: ServerParams,
        body: ContactBody,
        answer: ContactCreated,
        status: 201,
        also: [403, 429],
        description:
          'Stores `{ name, email, message }` with the server, the interface language (`X-Lang`) and the ' +
          '`X-Auth-Id` claim. Invalid fields → 400 `VALIDATION_ERROR` naming the field; more than ' +
          `${CONTACT_RATE_LIMIT.max} messages a minute from one address → 429.`,
      }),
      async (request, reply) => {
        const id = await storeContactMessage(app.db, request.body, {
          server: request.params.server,
          lang: request.ctx.lang,
          claimedUserId: request.ctx.authId,
        });
        request.log.info({ id, server: request.params.server }, 'contact message stored');
        return reply.code(201).send({ ok: true as const, id });
      },
    );
  },
});
