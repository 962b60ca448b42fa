/** What every API answer to a fuzzed request must be: < 500, no leaked internals, the security headers. */
import type { LightMyRequestResponse } from 'fastify';
import type { AnswerCheck } from './openapi.js';

/** Patterns of internals that must never reach a client. */
const LEAK_PATTERNS: Array<[string, RegExp]> = [
  ['stack trace', /\bat (?:async )?[\w$.<>]+ \(|\bat (?:file:\/\/)?\/[\w./-]+:\d+:\d+/],
  ['file path', /(?:\/work\/|\/home\/|\/usr\/|\/app\/|node_modules|[\w-]+\.(?:ts|mjs|cjs):\d+)/],
  [
    'database error',
    /\b(?:syntax error at or near|violates (?:unique|foreign key|not-null|check) constraint|invalid input syntax for|out of range for type|invalid byte sequence for encoding|relation "[^"]+" does not exist|column "[^"]+" does not exist|duplicate key value)\b/i,
  ],
  [
    'sql text',
    /\b(?:select\s+[\w"*., ]+\s+from\s+"?[a-z_]+"?|insert\s+into\s+"?[a-z_]+|update\s+"?[a-z_]+"?\s+set\s|delete\s+from\s+"?[a-z_]+)/i,
  ],
  [
    'error class',
    /\b(?:TypeError|ReferenceError|RangeError|SyntaxError|ZodError|DrizzleError|DrizzleQueryError|DatabaseError|PGlite|FastifyError|FST_[A-Z_]+|ERR_[A-Z_]{4,}|ECONNREFUSED)\b/,
  ],
];

/** Headers every API answer must carry (src/lib/security-headers.ts: helmet + Permissions-Policy). */
const REQUIRED_SECURITY_HEADERS = [
  'content-security-policy',
  'x-content-type-options',
  'referrer-policy',
  'permissions-policy',
  'x-frame-options',
];

/**
 * Checks one answer: status, leaks (in every non-2xx answer fully; in 2xx answers only the
 * unambiguous signs — stack traces, file paths, database errors, error classes — since article
 * texts may say "select … from"), and the security headers.
 */
export function checkAnswer(res: LightMyRequestResponse): AnswerCheck {
  const body = res.body;
  const patterns = res.statusCode >= 300 ? LEAK_PATTERNS : LEAK_PATTERNS.filter(([name]) => name !== 'sql text');
  const hit = body.length <= 2_000_000 ? patterns.find(([, re]) => re.test(body)) : undefined;
  const headerLeak = /\b(?:ts|js)\b.*:\d+/.test(String(res.headers['x-powered-by'] ?? '')) ? 'x-powered-by' : null;
  return {
    serverError: res.statusCode >= 500,
    leak: hit?.[0] ?? headerLeak,
    missingHeaders: REQUIRED_SECURITY_HEADERS.filter((h) => res.headers[h] === undefined),
  };
}
