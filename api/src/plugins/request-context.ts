/**
 * The request's context (plugin `request-context`, src/lib/request-context.ts): `request.ctx`
 * from the headers of spec §7 on every request (`X-Lang` → one of the nine locales, else `en`;
 * `X-Server-Id` → a served server code, else null; `X-Auth-Id` → 400 for anything but an id
 * 1..2^31−1, src/lib/validation.ts), and no text with U+0000 reaching a handler or the database
 * (PostgreSQL text cannot hold it): 400 VALIDATION_ERROR naming the field, before the schema runs.
 */
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { LOCALE_CODES, isServerCode, type LocaleCode } from '@landing/domain';
import type { RequestContext } from '../lib/request-context.js';
import { assertNoNul, parseAuthId } from '../lib/validation.js';

function header(request: FastifyRequest, name: string): string | null {
  const v = request.headers[name];
  const s = Array.isArray(v) ? v[0] : v;
  return s && s.trim() ? s.trim() : null;
}

export default fp(
  async (app) => {
    const served = new Set<string>(app.apiConfig.servers);
    app.decorateRequest('ctx', null as unknown as RequestContext);
    app.addHook('onRequest', async (request) => {
      const lang = header(request, 'x-lang')?.toLowerCase();
      const serverId = header(request, 'x-server-id');
      request.ctx = {
        server: null,
        authToken: header(request, 'x-auth-token'),
        authId: null,
        lang: lang && (LOCALE_CODES as readonly string[]).includes(lang) ? (lang as LocaleCode) : 'en',
        serverId: isServerCode(serverId) && served.has(serverId) ? serverId : null,
      };
      // Parsed once for every route: 400 for anything but an id 1..2^31-1.
      request.ctx.authId = parseAuthId(header(request, 'x-auth-id'));
    });
    app.addHook('preValidation', async (request) => {
      assertNoNul(request);
    });
  },
  { name: 'request-context', decorators: { fastify: ['apiConfig'] } },
);
