/**
 * The read cache (plugin `read-cache`, src/lib/read-cache.ts): started once the migrations have
 * created the invalidation triggers and the seeds have run; decorates `readCache`.
 */
import fp from 'fastify-plugin';
import { startReadCache } from '../lib/read-cache.js';

export default fp(
  async (app) => {
    app.decorate('readCache', await startReadCache(app.dbHandle, app.log));
    app.addHook('onClose', async () => {
      await app.readCache.close();
    });
  },
  { name: 'read-cache', dependencies: ['database'] },
);
