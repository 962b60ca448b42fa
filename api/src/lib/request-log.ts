/**
 * The API's log (pino): written to stdout through an asynchronous destination (SonicBoom, 4 KiB
 * buffer), so a busy process does not wait on the terminal or the container's log driver, and one
 * line per request (method, URL, status, time in ms) instead of Fastify's two. Lines still in the
 * buffer are written when the process ends (pino flushes an asynchronous destination on exit).
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import pino, { type DestinationStream, type LoggerOptions } from 'pino';

/**
 * The logger of an API process.
 * @param options  pino options (`level`: `info` logs every request, `warn` none)
 * @param stream  where lines go instead of stdout (tests read the log)
 */
export function createLogger(options: LoggerOptions, stream?: DestinationStream): FastifyBaseLogger {
  const destination = stream ?? pino.destination({ dest: 1, sync: false, minLength: 4096 });
  return pino(options, destination) as unknown as FastifyBaseLogger;
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
