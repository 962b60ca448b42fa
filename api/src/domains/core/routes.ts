import { timingSafeEqual } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { landingHeaderTexts, servers } from '../db/schema/core.js';
import { ApiError, ErrorBody, errorResponses } from '../lib/errors.js';
import { defineRoutes, ServerParams } from '../lib/http.js';
import { isTechnicalBreak, setTechnicalBreak, technicalBreakSwitches } from '../lib/settings.js';
import { ALL_SERVERS } from '../servers.js';

const Ok = z.object({ ok: z.literal(true) });

/** Answer of `GET /:server/landing` (spec §3 landingHeaderCode, §4 technical break). */
export const LandingResponse = z
  .object({
    landing_header_code: z
      .string()
      .nullable()
      .describe(
        'Short plain-text promo for the landing header, in the `X-Lang` language (falls back to English ' +
          'when the server has no text in that language or the header is absent/unknown); null = none',
      ),
    technical_break: z.boolean().describe('True while the technical break is on for this server'),
    server: z.enum(ALL_SERVERS),
  })
  .meta({ id: 'Landing' });

const TechnicalBreakState = z
  .object({
    switches: z.record(z.string(), z.boolean()).describe('Stored switches by scope (`*` = all servers)'),
    servers: z.record(z.string(), z.boolean()).describe('Effective state per served server'),
  })
  .meta({ id: 'TechnicalBreakState' });

function secretMatches(given: unknown, expected: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Core routes: health, XSRF cookie, landing info, admin switch for the technical break.
 */
export default defineRoutes({
  domain: 'core',
  async rootRoutes(app) {
    /** Liveness + database check. 500 "Server error" when the database does not answer. */
    app.get(
      '/health',
      { schema: { tags: ['core'], summary: 'Health check', response: { 200: Ok, 500: ErrorBody } } },
      async () => {
        await app.db.execute(sql`select 1`);
        return { ok: true as const };
      },
    );

    const secret = app.apiConfig.adminSecret;
    if (!secret) return; // admin routes exist only when ADMIN_SECRET is set

    await app.register(async (instance) => {
      const admin = instance.withTypeProvider<ZodTypeProvider>();
      admin.addHook('onRequest', async (request) => {
        if (!secretMatches(request.headers['x-admin-secret'], secret)) {
          throw new ApiError(401, 'UNAUTHORIZED', 'Invalid admin secret');
        }
      });

      const state = async () => {
        const switches = await technicalBreakSwitches(admin.db);
        const effective: Record<string, boolean> = {};
        for (const s of admin.apiConfig.servers) effective[s] = await isTechnicalBreak(admin.db, s);
        return { switches, servers: effective };
      };
      const AdminHeaders = z.object({ 'x-admin-secret': z.string().describe('Must equal env ADMIN_SECRET') });

      admin.get(
        '/admin/technical-break',
        {
          schema: {
            tags: ['admin'],
            summary: 'Technical-break switches',
            headers: AdminHeaders,
            response: { 200: TechnicalBreakState, 401: ErrorBody },
          },
        },
        state,
      );

      admin.post(
        '/admin/technical-break',
        {
          config: { xsrf: false },
          schema: {
            tags: ['admin'],
            summary: 'Turn the technical break on or off (spec §4, §8)',
            description:
              'Protected by `X-Admin-Secret` (env ADMIN_SECRET; the route does not exist when unset). ' +
              'Not subject to the XSRF check. `server` omitted or `*` switches every server.',
            headers: AdminHeaders,
            body: z.object({
              enabled: z.boolean(),
              server: z.enum([...ALL_SERVERS, '*']).optional().describe('Server code, or `*` (default) for all'),
            }),
            response: { 200: TechnicalBreakState, 400: ErrorBody, 401: ErrorBody },
          },
        },
        async (request) => {
          await setTechnicalBreak(admin.db, request.body.server ?? '*', request.body.enabled);
          request.log.info({ scope: request.body.server ?? '*', enabled: request.body.enabled }, 'technical break switched');
          return state();
        },
      );
    });
  },

  async serverRoutes(app) {
    app.get(
      '/csrf',
      {
        schema: {
          tags: ['core'],
          summary: 'Ensure the XSRF-TOKEN cookie',
          description:
            'Sets the `XSRF-TOKEN` cookie (and its HttpOnly secret) when the request has no valid pair; reads never set it, writes renew it. ' +
            'Send its value back in `X-XSRF-TOKEN` on POST/PUT/PATCH/DELETE.',
          params: ServerParams,
          response: { 200: Ok, ...errorResponses },
        },
      },
      async () => ({ ok: true as const }),
    );

    app.get(
      '/landing',
      {
        config: { technicalBreak: 'allow' },
        schema: {
          tags: ['core'],
          summary: 'Landing page info of a server',
          description:
            'Answers even during the technical break, so the client can show the maintenance page. ' +
            '`landing_header_code` is in the `X-Lang` language (ru, pl, en, br, es, it, de, fr, tr), ' +
            'else English; the answer varies by `X-Lang`.',
          params: ServerParams,
          response: { 200: LandingResponse, 404: ErrorBody, 500: ErrorBody },
        },
      },
      async (request, reply) => {
        const { server } = request.params;
        const { lang } = request.ctx;
        return app.readCache.send(reply, {
          key: `landing:${server}:${lang}`,
          topics: ['core'],
          schema: LandingResponse,
          vary: ['X-Lang'],
          load: async () => {
            const [texts, [row]] = await Promise.all([
              app.db
                .select({ lang: landingHeaderTexts.lang, text: landingHeaderTexts.text })
                .from(landingHeaderTexts)
                .where(and(eq(landingHeaderTexts.server, server), inArray(landingHeaderTexts.lang, [lang, 'en']))),
              app.db.select({ code: servers.landingHeaderCode }).from(servers).where(eq(servers.code, server)),
            ]);
            const byLang = new Map(texts.map((t) => [t.lang, t.text]));
            return {
              value: {
                // X-Lang text, then English, then the server's English column (spec §3 landingHeaderCode).
                landing_header_code: byLang.get(lang) ?? byLang.get('en') ?? row?.code ?? null,
                technical_break: await isTechnicalBreak(app.db, server),
                server,
              },
            };
          },
        });
      },
    );
  },
});
