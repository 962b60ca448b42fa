/**
 * The error shape of spec §8, `{ statusCode, error, message }`, for every error and unknown route
 * (plugin `errors`): an ApiError as it is, the XSRF plugin's refusal as XSRF_MISMATCH, a schema
 * failure as 400 VALIDATION_ERROR naming the field, Fastify's own client errors with their
 * status, anything else as 500 SERVER_ERROR (logged, never described to the client).
 */
import type { FastifyError } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { STATUS_CODES } from 'node:http';
import { ApiError, SERVER_ERROR_BODY, xsrfMismatch, type ErrorBody } from '../lib/errors.js';
import { isXsrfError } from '../lib/xsrf.js';

const PART_NAMES: Record<string, string> = {
  querystring: 'query parameter',
  params: 'path parameter',
  body: 'body field',
  headers: 'header',
};

function validationMessage(error: FastifyError & { validationContext?: string }): string {
  const part = PART_NAMES[error.validationContext ?? ''] ?? 'input';
  const issues = (error.validation ?? []).map((v) => {
    const path = (v.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
    return path
      ? `Invalid ${part} "${path}": ${v.message ?? 'invalid value'}`
      : `Invalid ${part === 'body field' ? 'body' : part}: ${v.message ?? 'invalid value'}`;
  });
  return issues.length ? issues.join('; ') : 'Invalid request';
}

/** The `error` name of an HTTP status: 404 → `NOT_FOUND`, 413 → `PAYLOAD_TOO_LARGE`. */
export function statusCodeName(status: number): string {
  return (STATUS_CODES[status] ?? 'Error')
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '_')
    .replace(/^_|_$/g, '');
}

export default fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      let body: ErrorBody;
      if (error instanceof ApiError) {
        body = error.toBody();
      } else if (isXsrfError(error)) {
        body = xsrfMismatch().toBody();
      } else if (hasZodFastifySchemaValidationErrors(error) || Array.isArray(error.validation)) {
        body = { statusCode: 400, error: 'VALIDATION_ERROR', message: validationMessage(error) };
      } else if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
        // Fastify's own client errors (bad JSON, wrong content type, too large, rate limit):
        // their messages describe the request, not the server.
        body = { statusCode: error.statusCode, error: statusCodeName(error.statusCode), message: error.message };
      } else {
        request.log.error({ err: error }, 'unhandled error');
        body = SERVER_ERROR_BODY;
      }
      return reply.code(body.statusCode).type('application/json; charset=utf-8').send(body);
    });
    app.setNotFoundHandler((request, reply) => {
      const path = request.url.split('?')[0] ?? request.url;
      reply.code(404).send({ statusCode: 404, error: 'NOT_FOUND', message: `Route ${request.method} ${path} not found` });
    });
  },
  { name: 'errors' },
);
