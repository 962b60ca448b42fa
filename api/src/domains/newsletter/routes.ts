/** Founder-pack / early-access newsletter (spec §1): the offer and the sign-up. */
import { ServerParams } from '@landing/domain/schemas/common';
import { NewsletterBody, NewsletterConfig, NewsletterCreated } from '@landing/domain/schemas/newsletter';
import { defineRoutes } from '../../lib/domain-routes.js';
import { routeOptions } from '../../lib/route-options.js';
import { newsletterConfig, signUp } from './service.js';

/** How long the offer's sign-up count may lag behind (ms): sign-ups do not drop cached pages. */
export const SIGNUP_COUNT_LAG_MS = 60_000;

/** Sign-ups per client IP and minute before 429. */
export const NEWSLETTER_RATE_LIMIT = { max: 10, timeWindow: '1 minute' } as const;

export default defineRoutes({
  async server(app) {
    app.get(
      '/newsletter',
      routeOptions({
        tag: 'newsletter',
        summary: 'Founder-pack / early-access offer of a server',
        params: ServerParams,
        answer: NewsletterConfig,
        description: `The same for every viewer (public); \`signups\` may lag up to ${SIGNUP_COUNT_LAG_MS / 1000} s behind.`,
      }),
      async (request, reply) =>
        app.readCache.send(reply, {
          key: `newsletter:${request.params.server}`,
          // The campaign is content of the page (migration 0402); the count ages out by itself.
          topics: ['core'],
          schema: NewsletterConfig,
          load: async () => ({ value: await newsletterConfig(app.db, request.params.server), ttlMs: SIGNUP_COUNT_LAG_MS }),
        }),
    );

    app.post(
      '/newsletter',
      routeOptions({
        config: { rateLimit: NEWSLETTER_RATE_LIMIT },
        tag: 'newsletter',
        summary: 'Sign up for the founder pack / early access',
        params: ServerParams,
        body: NewsletterBody,
        answer: NewsletterCreated,
        status: 201,
        also: [403, 409, 429],
        description:
          'One sign-up per e-mail address and server, compared case-insensitively: a second one → 409 ' +
          '`ALREADY_SIGNED_UP`. No open offer → 409 `SIGNUP_CLOSED`. Invalid fields → 400 `VALIDATION_ERROR`.',
      }),
      async (request, reply) => reply.code(201).send(await signUp(app.db, request.params.server, request.body, request.ctx.lang)),
    );
  },
});
