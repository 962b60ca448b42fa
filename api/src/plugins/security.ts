/**
 * Headers and cookies of every answer (plugin `security`), registered before every plugin that
 * adds a route, so that errors and 404s carry them too (api/test/input-rules.test.ts): helmet
 * (src/lib/security-headers.ts) and the Permissions-Policy,
 * `Cache-Control: private, no-store` unless a route made its answer public
 * (src/lib/private-answers.ts), CORS for the configured origins, and @fastify/cookie.
 */
import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';
import { privateByDefault } from '../lib/private-answers.js';
import { helmetOptions, PERMISSIONS_POLICY } from '../lib/security-headers.js';

/** Request headers a browser may send cross-origin (spec §7 + XSRF; Authorization: the operations page, docs/OPERATIONS.md). */
export const CORS_ALLOWED_HEADERS = ['Content-Type', 'X-Auth-Token', 'X-Auth-Id', 'X-Lang', 'X-Server-Id', 'X-XSRF-TOKEN', 'Authorization'];

export default fp(
  async (app) => {
    const config = app.apiConfig;
    await app.register(helmet, helmetOptions(config.nodeEnv === 'production'));
    app.addHook('onRequest', async (_request, reply) => {
      reply.header('Permissions-Policy', PERMISSIONS_POLICY);
    });
    privateByDefault(app);
    await app.register(cors, {
      origin: config.corsOrigins,
      credentials: true,
      allowedHeaders: CORS_ALLOWED_HEADERS,
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      maxAge: 600,
    });
    await app.register(cookie);
  },
  { name: 'security', decorators: { fastify: ['apiConfig'] } },
);
