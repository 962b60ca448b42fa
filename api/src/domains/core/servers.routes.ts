/**
 * The server list of the switcher (spec §2): every server of this environment with its status
 * from the `servers` table, plus servers marked `locked` there (shown dimmed with a lock icon).
 */
import { ServerParams } from '@landing/domain/schemas/common';
import { ServersResponse } from '@landing/domain/schemas/core';
import { defineRoutes } from '../../lib/domain-routes.js';
import { routeOptions } from '../../lib/route-options.js';
import { switcherServers } from './service.js';

export default defineRoutes({
  async server(app) {
    app.get(
      '/servers',
      routeOptions({
        config: { technicalBreak: 'allow' },
        tag: 'core',
        summary: 'Servers of the switcher with their status',
        params: ServerParams,
        answer: ServersResponse,
        description:
          'Every server served in this environment (spec §9: production pl, classic, royal; elsewhere also en) with the status ' +
          'stored in the `servers` table, and the servers stored as `locked` (not served, listed dimmed). Same answer for every ' +
          '`{server}`; answers during the technical break.',
      }),
      // Public (shared caches and the page servers' shared pages may keep it), from the read cache.
      async (_request, reply) =>
        app.readCache.send(reply, {
          key: 'servers',
          topics: ['core'],
          schema: ServersResponse,
          load: async () => ({ value: { servers: await switcherServers(app.db, app.apiConfig.servers) } }),
        }),
    );
  },
});
