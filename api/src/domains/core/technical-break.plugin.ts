/**
 * The technical break (spec §4) for every domain's `/:server` routes (plugin `technical-break`):
 * decorates `technicalBreakOn(server)`, which src/lib/domain-routes.ts asks before a route runs
 * (answered from the read cache, {@link cachedTechnicalBreak}).
 */
import fp from 'fastify-plugin';
import { cachedTechnicalBreak } from './service.js';

export default fp(
  async (app) => {
    app.decorate('technicalBreakOn', (server: string) => cachedTechnicalBreak(app, server));
  },
  { name: 'technical-break', dependencies: ['database', 'read-cache'] },
);
