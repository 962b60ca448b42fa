/**
 * `POST /admin/news`: publishes a news post (the newsroom's tool; spec §1 news). The article is
 * listed from `published_at` (default now); its texts are stored per language, English being the
 * fallback of the others. The table's trigger notifies the read cache and, through `/changes`, the
 * page servers, so the post shows on the news pages within seconds.
 */
import { AdminHeaders } from '@landing/domain/schemas/common';
import { PublishNewsBody, PublishedNews } from '@landing/domain/schemas/news';
import { adminRoutes } from '../../lib/admin.js';
import { defineRoutes } from '../../lib/domain-routes.js';
import { routeOptions } from '../../lib/route-options.js';
import { ApiError } from '../../lib/errors.js';
import { publishArticle } from './publish.js';

export default defineRoutes({
  async root(app) {
    await adminRoutes(app, async (admin) => {
      admin.post(
        '/admin/news',
        routeOptions({
          config: { xsrf: false },
          tag: 'admin',
          summary: 'Publish a news post',
          body: PublishNewsBody,
          headers: AdminHeaders,
          answer: PublishedNews,
          status: 201,
          errors: [400, 401, 404, 409],
          description: '201 with the article id. 409 SLUG_TAKEN when the server already has an article with that slug.',
        }),
        async (request, reply) => {
          const body = request.body;
          if (!admin.apiConfig.servers.includes(body.server)) throw new ApiError(404, 'UNKNOWN_SERVER', `Unknown server ${body.server}`);
          const id = await publishArticle(admin.db, body);
          if (id === null) throw new ApiError(409, 'SLUG_TAKEN', `Server ${body.server} already has an article ${body.slug}`);
          request.log.info({ server: body.server, slug: body.slug, id }, 'news post published');
          return reply.code(201).send({ id, server: body.server, slug: body.slug });
        },
      );
    });
  },
});
