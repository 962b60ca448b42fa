/**
 * Background jobs that run in ONE API process per database (plugin `background-jobs`,
 * src/lib/leader.ts): decorates `runOnce(name, start)` for the domains and `leadership`; the jobs
 * start on `onReady` in the leading process (PostgreSQL advisory lock; PGlite has one process).
 */
import fp from 'fastify-plugin';
import { startLeadership, type Job } from '../lib/leader.js';

export default fp(
  async (app) => {
    const jobs: Array<{ name: string; start: Job }> = [];
    app.decorate('leadership', null);
    app.decorate('runOnce', (name: string, start: Job) => {
      jobs.push({ name, start });
    });
    app.addHook('onReady', async () => {
      app.leadership = startLeadership(app.dbHandle, app.log, jobs, { retryMs: app.apiConfig.leaderRetryMs });
    });
    app.addHook('onClose', async () => {
      await app.leadership?.close();
    });
  },
  { name: 'background-jobs', dependencies: ['database'], decorators: { fastify: ['apiConfig'] } },
);
