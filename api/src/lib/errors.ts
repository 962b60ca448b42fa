import { ErrorBody } from '@landing/domain/schemas/common';

/** Error body of every non-2xx answer (spec §8), from the domain package. */
export { ErrorBody } from '@landing/domain/schemas/common';

/**
 * An error that is meant for the client: thrown from handlers/hooks, answered as
 * `{ statusCode, error, message }` with that status.
 *
 * @example throw new ApiError(404, 'NEWS_NOT_FOUND', 'NEWS NOT FOUND')
 */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The JSON body for this error. */
  toBody(): ErrorBody {
    return { statusCode: this.statusCode, error: this.code, message: this.message };
  }
}

/** 404 for a server code that is not served in this environment (spec §9). */
export const unknownServer = (): ApiError => new ApiError(404, 'UNKNOWN_SERVER', 'Unknown server');

/** 503 while the technical break is on (spec §4, §8 "Technical break is in progress"). */
export const technicalBreak = (): ApiError => new ApiError(503, 'TECHNICAL_BREAK', 'Technical break is in progress');

/** 403 when the double-submit XSRF check fails. */
export const xsrfMismatch = (): ApiError => new ApiError(403, 'XSRF_MISMATCH', 'Invalid XSRF token');

/** Body of unexpected failures: never includes internals (spec §8 "Server error"). */
export const SERVER_ERROR_BODY: ErrorBody = { statusCode: 500, error: 'SERVER_ERROR', message: 'Server error' };

/** Error-response schemas to spread into a route's `response` for the OpenAPI document. */
export const errorResponses = {
  400: ErrorBody,
  404: ErrorBody,
  500: ErrorBody,
  503: ErrorBody,
} as const;
