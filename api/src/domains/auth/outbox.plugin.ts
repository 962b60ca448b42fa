/**
 * The mail outbox worker of this process (plugin `mail-outbox`, ./outbox.ts): decorates
 * `mailOutbox` (`drain()` sends what is due now) and stops it with the app. Outside production the
 * dev mailbox is kept in the database (./mail.ts), shared by every API process.
 */
import fp from 'fastify-plugin';
import { storeMailboxIn } from './mail.js';
import { startMailOutbox, type MailOutbox } from './outbox.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The mail outbox worker of this process (src/domains/auth/outbox.ts); `drain()` sends what is due now. */
    mailOutbox: MailOutbox;
  }
}

export default fp(
  async (app) => {
    const config = app.apiConfig;
    if (config.auth.devMailbox) storeMailboxIn(config, app.db);
    const outbox = startMailOutbox({ handle: app.dbHandle, config, log: app.log, pollMs: config.mailOutboxPollMs });
    app.decorate('mailOutbox', outbox);
    app.addHook('onClose', async () => {
      await outbox.stop();
    });
  },
  { name: 'mail-outbox', dependencies: ['database'], decorators: { fastify: ['apiConfig'] } },
);
