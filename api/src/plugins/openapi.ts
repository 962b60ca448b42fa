/**
 * The OpenAPI document of every route (plugin `openapi`, @fastify/swagger from the routes' zod
 * schemas) and its UI at `/docs`: off in production unless API_DOCS=1 (the document is still
 * built: `app.swagger()`). The UI page needs its own sources: swagger-ui sets a CSP for them
 * (staticCSP) over helmet's.
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

export default fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Football manager landing API',
          description:
            'Public landing API, one base per game server: `/{server}/...` (pl, classic, royal; en outside production). ' +
            'Errors are `{ statusCode, error, message }`. Mutating requests need header `X-XSRF-TOKEN` equal to the ' +
            '`XSRF-TOKEN` cookie (get it from `GET /{server}/csrf`).',
          version: '1.0.0',
        },
        tags: [
          { name: 'core', description: 'Health, XSRF cookie, landing info' },
          { name: 'leaderboard', description: 'Weekly leaderboard and stats' },
          { name: 'admin', description: 'Operations (needs X-Admin-Secret)' },
          { name: 'auth', description: 'Accounts, sessions, new-device codes, password reset, social login' },
          { name: 'news', description: 'News, comments with replies, polls and votes' },
          { name: 'bets', description: 'Tournaments, predictions, bets ranking and rules' },
          { name: 'contact', description: 'Contact messages (contact modal)' },
          { name: 'newsletter', description: 'Founder-pack / early-access sign-up' },
          { name: 'telemetry', description: "Remotes' telemetry from browsers and the operations view (docs/OPERATIONS.md)" },
        ],
      },
      transform: jsonSchemaTransform,
      transformObject: jsonSchemaTransformObject,
    });
    if (app.apiConfig.apiDocs) await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });
  },
  { name: 'openapi', decorators: { fastify: ['apiConfig'] } },
);
