/**
 * Core routes: health, XSRF cookie, landing info (spec §3 landingHeaderCode, §4 technical break)
 * and the admin switch of the technical break.
 */
import { sql } from 'drizzle-orm';
import { AdminHeaders, Ok, ServerParams } from '@landing/domain/schemas/common';
import { LandingResponse, TechnicalBreakBody, TechnicalBreakState } from '@landing/domain/schemas/core';
import { adminRoutes } from '../../lib/admin.js';
import { defineRoutes } from '../../lib/domain-routes.js';
import { routeOptions } from '../../lib/route-options.js';
import { landingInfo, setTechnicalBreak, technicalBreakState } from './service.js';

export default defineRoutes({
  async root(app) {
    /** Liveness + database check. 500 "Server error" when the database does not answer. */
    app.get('/health', routeOptions({ tag: 'core', summary: 'Health check', answer: Ok, errors: [500] }), async () => {
      await app.db.execute(sql`select 1`);
      return { ok: true as const };
    });

    await adminRoutes(app, async (admin) => {
      admin.get(
        '/admin/technical-break',
        routeOptions({
          tag: 'admin',
          summary: 'Technical-break switches',
          headers: AdminHeaders,
          answer: TechnicalBreakState,
          errors: [401],
        }),
        () => technicalBreakState(admin.db, admin.apiConfig.servers),
      );

      admin.post(
        '/admin/technical-break',
        routeOptions({
          config: { xsrf: false },
          tag: 'admin',
          summary: 'Turn the technical break on or off (spec §4, §8)',
          body: TechnicalBreakBody,
          headers: AdminHeaders,
          answer: TechnicalBreakState,
          errors: [400, 401],
          description:
            'Protected by `X-Admin-Secret` (env ADMIN_SECRET; the route does not exist when unset). ' +
            'Not subject to the XSRF check. `server` omitted or `*` switches every server.',
        }),
        async (request) => {
          await setTechnicalBreak(admin.db, request.body.server ?? '*', request.body.enabled);
          request.log.info({ scope: request.body.server ?? '*', enabled: request.body.enabled }, 'technical break switched');
          return technicalBreakState(admin.db, admin.apiConfig.servers);
        },
      );
    });
  },

  async server(app) {
    app.get(
      '/csrf',
      routeOptions({
        tag: 'core',
        summary: 'Ensure the XSRF-TOKEN cookie',
        params: ServerParams,
        answer: Ok,
        description:
          'Sets the `XSRF-TOKEN` cookie (and its HttpOnly secret) when the request has no valid pair; reads never set it, writes renew it. ' +
          'Send its value back in `X-XSRF-TOKEN` on POST/PUT/PATCH/DELETE.',
      }),
      async () => ({ ok: true as const }),
    );

    app.get(
      '/landing',
      routeOptions({
        config: { technicalBreak: 'allow' },
        tag: 'core',
        summary: 'Landing page info of a server',
        params: ServerParams,
        answer: LandingResponse,
        errors: [404, 500],
        description:
          'Answers even during the technical break, so the client can show the maintenance page. ' +
          '`landing_header_code` is in the `X-Lang` language (ru, pl, en, br, es, it, de, fr, tr), ' +
          'else English; the answer varies by `X-Lang`.',
      }),
      async (request, reply) => {
        const { server } = request.params;
        const { lang } = request.ctx;
        return app.readCache.send(reply, {
          key: `landing:${server}:${lang}`,
          topics: ['core'],
          schema: LandingResponse,
          vary: ['X-Lang'],
          load: async () => ({ value: await landingInfo(app.db, server, lang) }),
        });
      },
    );
  },
});
