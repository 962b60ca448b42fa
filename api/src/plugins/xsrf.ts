/**
 * The signed double-submit XSRF check (plugin `xsrf`, src/lib/xsrf.ts): the secret and token
 * cookies, and the check on every mutating request. The HMAC key is `XSRF_HMAC_KEY` or the one
 * kept in the database; `session` comes from the sessions' owner (app.ts passes the auth domain's).
 */
import fp from 'fastify-plugin';
import { registerXsrf, xsrfHmacKey, type XsrfSessionBinding } from '../lib/xsrf.js';

export default fp<{ session: XsrfSessionBinding }>(
  async (app, { session }) => {
    const config = app.apiConfig;
    await registerXsrf(app, {
      production: config.nodeEnv === 'production',
      hmacKey: await xsrfHmacKey(app.dbHandle, config.xsrfHmacKey),
      session,
    });
  },
  { name: 'xsrf', dependencies: ['database', 'request-context', 'security'], decorators: { fastify: ['apiConfig'] } },
);
