/**
 * The API's log (pino): written to stdout through an asynchronous destination (SonicBoom, 4 KiB
 * buffer), so a busy process does not wait on the terminal or the container's log driver, and one
 * line per request (method, URL, status, time in ms) instead of Fastify's two. Lines still in the
 * buffer are written when the process ends (pino flushes an asynchronous destination on exit).
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import pino from 'pino';

/**
 * The logger of an API process.
 * @param level  pino level (`info` logs every request, `warn` none)
 */
export function createLogger(level: string): FastifyBaseLogger {
  return pino({ level }, pino.destination({ dest: 1, sync: false, minLength: 4096 })) as unknown as FastifyBaseLogger;
}

/** Logs each answered request as one `info` line: `{ req: { method, url }, res: { statusCode }, ms }`. */
export function logRequests(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        req: { method: request.method, url: request.url },
        res: { statusCode: reply.statusCode },
        ms: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request',
    );
  });
}
