/**
 * Property-based fuzzing of every route of the API's own OpenAPI document (src/lib/validation.ts),
 * shared by `test/fuzz.test.ts` (a bounded number of inputs per route, in `pnpm test`) and
 * `scripts/fuzz-api.ts` (≥ 1,000 inputs per route, prints figures).
 *
 * For each operation of `app.swagger()` it generates requests with fast-check from the
 * operation's own parameters and JSON body schema, mixing plausible values (a real slug, match,
 * poll, tournament, session) with bad ones: ids out of the 32-bit range, huge and fractional
 * numbers, NUL bytes, wrong JSON types, overlong and odd strings, broken JSON, wrong content
 * types, malformed percent-encoding, and bad `X-Auth-Id` / `X-Auth-Token` / `X-Lang` /
 * `X-Server-Id` / XSRF / admin headers. Each answer must be < 500, must not leak internals
 * (stack traces, SQL or database errors, file paths, error class names), and must carry the
 * security headers of every API answer.
 */
import fc from 'fast-check';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { createSession } from '../src/domains/auth/sessions.js';
import { setTechnicalBreak } from '../src/domains/core/service.js';
import { sqlRows } from './helpers.js';

/** A JSON schema node as @fastify/swagger writes it (OpenAPI 3.1). */
export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  maxItems?: number;
  pattern?: string;
  default?: unknown;
  [key: string]: unknown;
};

/** An OpenAPI document as far as the fuzzer reads it. */
export interface OpenApiDoc {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Array<{ in: string; name: string; schema?: JsonSchema; required?: boolean }>;
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
      }
    >
  >;
  components?: { schemas?: Record<string, JsonSchema> };
}

/** One operation to fuzz. */
export interface FuzzRoute {
  /** Upper case, e.g. `POST`. */
  method: string;
  /** OpenAPI path template, e.g. `/{server}/news/{slug}`. */
  path: string;
  pathParams: Array<{ name: string; schema: JsonSchema }>;
  queryParams: Array<{ name: string; schema: JsonSchema }>;
  headerParams: Array<{ name: string; schema: JsonSchema }>;
  /** JSON body schema (refs resolved lazily), undefined when the operation takes no body. */
  body: JsonSchema | undefined;
}

/** Real data the generators mix in so that requests get past the first checks. */
export interface FuzzContext {
  doc: OpenApiDoc;
  adminSecret: string;
  /** A valid XSRF pair: the cookies to send and the header token. */
  xsrf: { cookies: Record<string, string>; token: string };
  /** Sessions of demo accounts (`X-Auth-Token` / `X-Auth-Id`). */
  sessions: Array<{ token: string; uid: string }>;
  /** Plausible values by parameter / property name (slug, matchId, questionnaire_id, …). */
  samples: Record<string, unknown[]>;
}

/** What one answer violated (empty when it is fine). */
export interface AnswerCheck {
  /** Status ≥ 500. */
  serverError: boolean;
  /** Name of the leak pattern found in the answer, or null. */
  leak: string | null;
  /** Security headers missing from the answer. */
  missingHeaders: string[];
}

/** The operations of an OpenAPI document, in document order. */
export function routesOf(doc: OpenApiDoc): FuzzRoute[] {
  const routes: FuzzRoute[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const params = op.parameters ?? [];
      const pick = (where: string) => params.filter((p) => p.in === where).map((p) => ({ name: p.name, schema: p.schema ?? {} }));
      routes.push({
        method: method.toUpperCase(),
        path,
        pathParams: pick('path'),
        queryParams: pick('query'),
        headerParams: pick('header'),
        body: op.requestBody?.content?.['application/json']?.schema,
      });
    }
  }
  return routes;
}

function resolve(schema: JsonSchema, doc: OpenApiDoc): JsonSchema {
  let s = schema;
  for (let i = 0; i < 10 && s.$ref; i++) {
    const name = s.$ref.replace('#/components/schemas/', '');
    s = doc.components?.schemas?.[name] ?? {};
  }
  return s;
}

// ---- bad values --------------------------------------------------------------------------------

/** Ids and numbers as text (path, query, headers): out of range, not decimal, not numbers. */
export const BAD_ID_TEXTS = [
  '0',
  '-1',
  '2147483647',
  '2147483648',
  '4294967296',
  '9007199254740993',
  '99999999999999999999999999',
  '1e309',
  '1e3',
  '0x10',
  '1.5',
  '-0',
  'NaN',
  'Infinity',
  '',
  ' ',
  '1 ',
  '+1',
  '٣',
  '１',
  '1;DROP TABLE users',
  "1' OR '1'='1",
  'null',
  '[]',
  '{}',
  'true',
];

/** Odd strings (JSON bodies and, where legal, URLs). */
export const BAD_STRINGS = [
  '\u0000',
  'a\u0000b',
  'nul\u0000@example.org',
  '\u0000'.repeat(64),
  'x'.repeat(100_000),
  '𝕏'.repeat(20_000),
  '\ud800',
  '\udfff\ud800',
  '%s%s%s%n',
  '${7*7}{{7*7}}',
  '<script>alert(1)</script>',
  "'; DROP TABLE auth_accounts;--",
  '../../../../etc/passwd',
  '\r\nSet-Cookie: x=1',
  '\u202e\u0627',
  ' ',
  '',
  'null',
  'undefined',
  '__proto__',
  'constructor',
  '0',
  '-1',
];

/** Numbers in JSON bodies: beyond 32 and 53 bits, fractional, negative, extreme. */
export const BAD_NUMBERS = [2147483648, -2147483649, 4294967296, 2 ** 53 + 2, 1e21, 1e308, -1e308, 1.5, -0.5, 0, -1, 5e-324];

/** Values of the wrong JSON type for anything. */
export const WRONG_TYPES: unknown[] = [null, true, false, [], {}, '1', [1, 2], { $gt: '' }, { __proto__: { polluted: 1 } }, [[[[[]]]]]];

/** Raw request bodies that are not (valid) JSON or are JSON of a surprising shape. */
export const BAD_JSON_BODIES = [
  '{',
  '{"a":',
  "{'a':1}",
  '{"a":1,}',
  '\u0000',
  '',
  'null',
  '[]',
  '"text"',
  '1',
  'true',
  '{"a":1e400}',
  '{"questionnaire_id":1e400,"options":[1e400]}',
  '{"__proto__":{"polluted":1}}',
  '{"constructor":{"prototype":{"polluted":1}}}',
  '['.repeat(3000) + ']'.repeat(3000),
  '\ufeff{}',
  '{"a":"\\ud800"}',
  '{"text":"\\u0000"}',
  '{"email":"a\\u0000@b.cc","nickname":"ab\\u0000c"}',
];

/** Content types sent with bodies. */
export const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/json; charset=utf-16',
  'application/xml',
  'application/json\t',
  '',
];

/** Path segments that are not valid percent-encoding or try traversal (used raw, not encoded). */
export const RAW_PATH_SEGMENTS = ['%', '%ZZ', '%E0%A4%A', '%00', '..', '%2e%2e', '%2F', '%C0%AF', '%FF'];

/** Header values (legal in HTTP) that are wrong for the API's headers. */
export const BAD_HEADER_TEXTS = [...BAD_ID_TEXTS, 'x'.repeat(8000), 'ru,pl;q=0.9', 'EN', 'xx', 'royal\t', '../', '%00', '\u00ff\u00fe'];

// ---- generators --------------------------------------------------------------------------------

const badJsonValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...BAD_STRINGS),
  fc.constantFrom(...BAD_NUMBERS),
  fc.constantFrom(...WRONG_TYPES),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer({ min: -(2 ** 40), max: 2 ** 40 }),
);

function valueArb(schema: JsonSchema, ctx: FuzzContext, name: string, depth = 0): fc.Arbitrary<unknown> {
  const s = resolve(schema, ctx.doc);
  const sample = ctx.samples[name];
  const good = plainValueArb(s, ctx, name, depth);
  const plausible = sample?.length ? fc.oneof(fc.constantFrom(...sample), good) : good;
  return fc.oneof({ weight: 3, arbitrary: plausible }, { weight: 2, arbitrary: badJsonValue });
}

function plainValueArb(s: JsonSchema, ctx: FuzzContext, name: string, depth: number): fc.Arbitrary<unknown> {
  if (depth > 4) return fc.constant(null);
  const alts = s.anyOf ?? s.oneOf;
  if (alts?.length) return fc.oneof(...alts.map((a) => plainValueArb(resolve(a, ctx.doc), ctx, name, depth + 1)));
  if (s.allOf?.length) return plainValueArb(resolve(s.allOf[0]!, ctx.doc), ctx, name, depth + 1);
  if (s.enum?.length) return fc.constantFrom(...s.enum);
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'string':
      return fc.string({ minLength: Math.min(s.minLength ?? 0, 20), maxLength: Math.min(s.maxLength ?? 40, 60) });
    case 'integer':
      return fc.integer({ min: Math.max(s.minimum ?? -1000, -(2 ** 31)), max: Math.min(s.maximum ?? 1000, 2 ** 31 - 1) });
    case 'number':
      return fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(s.items ? valueArb(s.items, ctx, name, depth + 1) : fc.jsonValue(), { maxLength: Math.min(s.maxItems ?? 4, 4) });
    case 'object': {
      const props = s.properties ?? {};
      const required = new Set(s.required ?? []);
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, child] of Object.entries(props)) model[key] = valueArb(child, ctx, key, depth + 1);
      const keys = Object.keys(model);
      return fc.record(model, { requiredKeys: keys.filter((k) => required.has(k)) });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** A request ready for `app.inject`. */
export type FuzzRequest = InjectOptions & { method: string; url: string };

function textArb(name: string, schema: JsonSchema, ctx: FuzzContext): fc.Arbitrary<string> {
  const s = resolve(schema, ctx.doc);
  const plausible: fc.Arbitrary<string>[] = [];
  const sample = ctx.samples[name];
  if (sample?.length) plausible.push(fc.constantFrom(...sample.map(String)));
  if (s.enum?.length) plausible.push(fc.constantFrom(...s.enum.map(String)));
  if (s.type === 'integer') plausible.push(fc.integer({ min: s.minimum ?? 1, max: s.maximum ?? 1000 }).map(String));
  if (!plausible.length) plausible.push(fc.string({ minLength: 1, maxLength: 30 }));
  return fc.oneof(
    { weight: 3, arbitrary: fc.oneof(...plausible) },
    { weight: 2, arbitrary: fc.constantFrom(...BAD_ID_TEXTS, ...BAD_STRINGS.filter((v) => v.length < 10_000)) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }) },
  );
}

/** Percent-encodes text for a URL; lone surrogates become U+FFFD (as a browser would send them). */
function encode(text: string): string {
  return encodeURIComponent(Buffer.from(text, 'utf8').toString('utf8'));
}

/** Path parameter value: encoded text, or a raw (possibly malformed) segment. */
function pathValueArb(name: string, schema: JsonSchema, ctx: FuzzContext): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 5, arbitrary: textArb(name, schema, ctx).map(encode) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_PATH_SEGMENTS) },
  );
}

const headerText = fc.oneof(
  fc.constantFrom(...BAD_HEADER_TEXTS),
  fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 60 }),
);

/**
 * Fully random requests for one operation: path, query, headers and body each plausible or bad,
 * from a random client IP (so per-IP flood guards do not hide the handlers).
 */
export function randomRequestArb(route: FuzzRoute, ctx: FuzzContext): fc.Arbitrary<FuzzRequest> {
  const pathArb = fc.tuple(...route.pathParams.map((p) => pathValueArb(p.name, p.schema, ctx))).map((values) => {
    let url = route.path;
    route.pathParams.forEach((p, i) => (url = url.replace(`{${p.name}}`, values[i]!)));
    return url;
  });
  const declaredQuery = route.queryParams.map((p) =>
    fc.option(fc.tuple(fc.constant(p.name), textArb(p.name, p.schema, ctx)), { nil: undefined }),
  );
  const extraQuery = fc.array(fc.tuple(fc.constantFrom('page', 'limit', '__proto__', 'x', 'id', 'to'), fc.constantFrom(...BAD_ID_TEXTS)), {
    maxLength: 2,
  });
  const queryArb = fc.tuple(fc.tuple(...declaredQuery), extraQuery).map(([declared, extra]) => {
    const pairs = [...declared.filter((x): x is [string, string] => !!x), ...extra];
    return pairs.length ? '?' + pairs.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&') : '';
  });
  const session = ctx.sessions.length ? fc.constantFrom(...ctx.sessions) : fc.constant({ token: 'none', uid: '1' });
  const headersArb = fc.record(
    {
      auth: fc.oneof(
        fc.constant(null),
        session,
        fc.record({
          token: fc.oneof(
            headerText,
            session.map((s) => s.token),
          ),
          uid: fc.oneof(
            headerText,
            session.map((s) => s.uid),
          ),
        }),
      ),
      lang: fc.option(fc.oneof(fc.constantFrom('ru', 'pl', 'en', 'br', 'es', 'it', 'de', 'fr', 'tr'), headerText), { nil: undefined }),
      serverId: fc.option(fc.oneof(fc.constantFrom('pl', 'royal', 'classic', 'en'), headerText), { nil: undefined }),
      xsrf: fc.constantFrom('valid', 'valid', 'valid', 'valid', 'none', 'wrong-token', 'wrong-cookie'),
      admin: fc.constantFrom('valid', 'valid', 'wrong', 'none'),
      contentType: fc.constantFrom(...CONTENT_TYPES.slice(0, 2), ...CONTENT_TYPES),
    },
    { requiredKeys: ['auth', 'xsrf', 'admin', 'contentType'] },
  );
  const wantsBody = route.body !== undefined || route.method !== 'GET';
  const bodyArb: fc.Arbitrary<string | undefined> = !wantsBody
    ? fc.constant(undefined)
    : fc.oneof(
        { weight: 6, arbitrary: (route.body ? valueArb(route.body, ctx, 'body') : fc.jsonValue({ maxDepth: 2 })).map(serialize) },
        { weight: 2, arbitrary: fc.constantFrom(...BAD_JSON_BODIES) },
        { weight: 1, arbitrary: fc.constant('{"x":"' + 'y'.repeat(1_100_000) + '"}') },
      );
  return fc
    .record({ path: pathArb, query: queryArb, headers: headersArb, body: bodyArb, ip: fc.integer({ min: 1, max: 2 ** 24 - 2 }) })
    .map(({ path, query, headers: h, body, ip }) => {
      const headers: Record<string, string> = {};
      const cookies: Record<string, string> = {};
      if (h.auth) {
        headers['x-auth-token'] = h.auth.token;
        headers['x-auth-id'] = h.auth.uid;
      }
      if (h.lang !== undefined) headers['x-lang'] = h.lang;
      if (h.serverId !== undefined) headers['x-server-id'] = h.serverId;
      if (h.xsrf !== 'none') {
        Object.assign(cookies, ctx.xsrf.cookies);
        headers['x-xsrf-token'] = ctx.xsrf.token;
        if (h.xsrf === 'wrong-token') headers['x-xsrf-token'] = ctx.xsrf.token.slice(0, -2) + 'zz';
        if (h.xsrf === 'wrong-cookie') for (const k of Object.keys(cookies)) cookies[k] = 'forged-' + cookies[k];
      }
      if (h.admin !== 'none') headers['x-admin-secret'] = h.admin === 'valid' ? ctx.adminSecret : 'not-the-secret';
      if (body !== undefined && h.contentType) headers['content-type'] = h.contentType;
      const request: FuzzRequest = {
        method: route.method,
        url: path + query,
        headers,
        cookies,
        remoteAddress: `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}`,
      };
      if (body !== undefined) request.payload = body;
      return request;
    });
}

function serialize(value: unknown): string {
  try {
    return JSON.stringify(value) ?? 'null';
  } catch {
    return 'null';
  }
}

// ---- checks ------------------------------------------------------------------------------------

/** Patterns of internals that must never reach a client. */
export const LEAK_PATTERNS: Array<[string, RegExp]> = [
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
export const REQUIRED_SECURITY_HEADERS = [
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

// ---- context -----------------------------------------------------------------------------------

/**
 * Collects real data for plausible inputs and opens sessions for the demo accounts.
 * The app must be ready (routes registered) and have an admin secret.
 */
export async function fuzzContext(app: FastifyInstance, options: { sessions?: number } = {}): Promise<FuzzContext> {
  const doc = app.swagger() as unknown as OpenApiDoc;
  const adminSecret = app.apiConfig.adminSecret;
  if (!adminSecret) throw new Error('fuzzContext: build the app with an adminSecret so the admin routes exist');
  const first = await app.inject({ method: 'GET', url: '/royal/csrf' });
  const cookies: Record<string, string> = {};
  for (const c of first.cookies) cookies[c.name] = c.value;
  const token = xsrfTokenOf(cookies);
  const handle = app.dbHandle;
  const accounts = await sqlRows<{ id: number }>(handle, `SELECT id FROM auth_accounts WHERE status = 'active' ORDER BY id LIMIT 3`);
  const sessions: Array<{ token: string; uid: string }> = [];
  for (let i = 0; i < (options.sessions ?? 30) && accounts.length; i++) {
    const s = await createSession(app.db, accounts[i % accounts.length]!.id, { method: 'password', ip: '127.0.0.1', ttlS: 86_400 });
    sessions.push({ token: s.token, uid: s.uid });
  }
  const one = async (sql: string) => (await sqlRows<{ v: unknown }>(handle, sql)).map((r) => r.v);
  const samples: Record<string, unknown[]> = {
    slug: await one(`SELECT slug AS v FROM news_articles WHERE server = 'royal' ORDER BY id LIMIT 3`),
    file: (await one(`SELECT id AS v FROM news_articles WHERE server = 'royal' ORDER BY id LIMIT 2`)).map((id) => `${String(id)}.svg`),
    matchId: await one(`SELECT id AS v FROM bet_matches ORDER BY id LIMIT 3`),
    tournament: await one(`SELECT code AS v FROM bet_tournaments ORDER BY id LIMIT 2`),
    questionnaire_id: await one(`SELECT id AS v FROM news_polls ORDER BY id LIMIT 3`),
    options: (await one(`SELECT id AS v FROM news_poll_options ORDER BY id LIMIT 3`)).map((id) => [id]),
    parent_id: await one(`SELECT id AS v FROM news_comments ORDER BY id LIMIT 2`),
    server: ['royal', 'pl', 'classic', 'en'],
    email: ['fuzz@example.org', 'demo@landing.local', 'FUZZ@Example.ORG'],
    login: ['demo', 'demo@landing.local', 'nobody'],
    nickname: ['Fuzzer', 'demo', 'x'],
    password: ['Demo-Goal-2026', 'Stadium-Night-2026!', 'short'],
    text: ['A fine match report, thank you!', 'ok'],
    name: ['Fuzz Tester', 'F'],
    message: ['Hello, this is a fuzzing message with enough length.'],
    redirectUri: ['http://localhost:3000/auth/google/callback', 'https://evil.example/auth/google/callback'],
    terms: [true],
    home_score: [1, 2],
    away_score: [0, 3],
    to: ['fuzz@example.org'],
  };
  return { doc, adminSecret, xsrf: { cookies, token }, sessions, samples };
}

/** The XSRF header value matching a set of cookies issued by the API. */
export function xsrfTokenOf(cookies: Record<string, string>): string {
  const name = Object.keys(cookies).find((n) => /XSRF-TOKEN$/.test(n));
  if (!name) throw new Error(`no XSRF token cookie among ${Object.keys(cookies).join(', ')}`);
  return cookies[name]!;
}

/**
 * Undoes the side effects of fuzzed admin requests that would change every later answer
 * (the technical break answers 503 on purpose).
 */
export async function resetSideEffects(app: FastifyInstance, route: FuzzRoute): Promise<void> {
  if (route.path === '/admin/technical-break' && route.method === 'POST') {
    await sqlRows(app.dbHandle, `DELETE FROM settings WHERE key = 'technical_break'`).catch(async () => {
      for (const s of ['*', ...app.apiConfig.servers]) await setTechnicalBreak(app.db, s, false);
    });
  }
}

/** Figures of a fuzzing run. */
export interface FuzzReport {
  routes: number;
  inputs: number;
  /** Count per status code. */
  statuses: Record<number, number>;
  serverErrors: number;
  leaks: number;
  missingHeaders: number;
  /** Up to 8 examples of each kind of failure: route, request, status, the start of the body. */
  failures: Array<{
    kind: '5xx' | 'leak' | 'headers';
    route: string;
    method: string;
    url: string;
    status: number;
    problem: string;
    body: string;
  }>;
  durationMs: number;
}

/**
 * Sends `runs` generated requests to every route (fast-check `sample`, deterministic for a
 * seed) and collects figures instead of stopping at the first failure.
 * @param onRoute called after each route with its own counts (progress output of the script)
 */
export async function fuzzAll(
  app: FastifyInstance,
  ctx: FuzzContext,
  options: {
    runs: number;
    seed: number;
    filter?: (r: FuzzRoute) => boolean;
    onRoute?: (route: FuzzRoute, counts: { inputs: number; serverErrors: number; leaks: number; ms: number }) => void;
  },
): Promise<FuzzReport> {
  const started = performance.now();
  const routes = routesOf(ctx.doc).filter(options.filter ?? (() => true));
  const report: FuzzReport = {
    routes: routes.length,
    inputs: 0,
    statuses: {},
    serverErrors: 0,
    leaks: 0,
    missingHeaders: 0,
    failures: [],
    durationMs: 0,
  };
  for (const [i, route] of routes.entries()) {
    const t0 = performance.now();
    let errors = 0;
    let leaks = 0;
    const requests = fc.sample(requestArb(route, ctx), { numRuns: options.runs, seed: options.seed + i });
    for (const request of requests) {
      const res = await app.inject(request);
      await resetSideEffects(app, route);
      const check = checkAnswer(res);
      report.inputs++;
      report.statuses[res.statusCode] = (report.statuses[res.statusCode] ?? 0) + 1;
      const problems = [
        check.serverError && `status ${res.statusCode}`,
        check.leak && `leak: ${check.leak}`,
        check.missingHeaders.length && `missing ${check.missingHeaders.join(', ')}`,
      ].filter(Boolean);
      if (check.serverError) {
        errors++;
        report.serverErrors++;
      }
      if (check.leak) {
        leaks++;
        report.leaks++;
      }
      if (check.missingHeaders.length) report.missingHeaders++;
      const kind = check.serverError ? '5xx' : check.leak ? 'leak' : 'headers';
      if (problems.length && report.failures.filter((f) => f.kind === kind).length < 8) {
        report.failures.push({
          kind,
          route: route.path,
          method: route.method,
          url: request.url.slice(0, 200),
          status: res.statusCode,
          problem: problems.join('; '),
          body: res.body.slice(0, 300),
        });
      }
    }
    options.onRoute?.(route, { inputs: requests.length, serverErrors: errors, leaks, ms: performance.now() - t0 });
  }
  report.durationMs = performance.now() - started;
  return report;
}

// ---- focused mutations -------------------------------------------------------------------------

/**
 * What a focused request breaks, on top of an otherwise plausible request (valid XSRF pair,
 * admin secret, often a real session, sample values): one kind of bad input at a time, so each
 * reaches the code behind the first checks.
 */
export const MUTATIONS = [
  'auth-id',
  'nul-all',
  'nul-one',
  'big-numbers',
  'id-texts',
  'wrong-type',
  'overlong',
  'bad-json',
  'content-type',
  'bad-path',
  'bad-headers',
  'random',
] as const;
export type Mutation = (typeof MUTATIONS)[number];

/** A small deterministic PRNG (mulberry32) driven by a fast-check integer, for choosing positions. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pickOf<T>(rand: () => number, list: readonly T[]): T {
  return list[Math.floor(rand() * list.length)]!;
}

/** A plausible value for a schema: a sample of that name, else a schema-valid value (pure, from `rand`). */
function plausibleValue(schema: JsonSchema, ctx: FuzzContext, name: string, rand: () => number, depth = 0): unknown {
  const s = resolve(schema, ctx.doc);
  const sample = ctx.samples[name];
  if (sample?.length && rand() < 0.8) return pickOf(rand, sample);
  if (depth > 4) return null;
  const alts = s.anyOf ?? s.oneOf;
  if (alts?.length) return plausibleValue(pickOf(rand, alts), ctx, name, rand, depth + 1);
  if (s.allOf?.length) return plausibleValue(s.allOf[0]!, ctx, name, rand, depth + 1);
  if (s.enum?.length) return pickOf(rand, s.enum);
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'string': {
      const min = s.minLength ?? 1;
      return 'fuzz-' + 'abcdefghij'.slice(0, Math.max(0, Math.min(min, 10) - 5)) + Math.floor(rand() * 1e6);
    }
    case 'integer':
      return Math.max(s.minimum ?? 1, Math.min(s.maximum ?? 100, 1 + Math.floor(rand() * 5)));
    case 'number':
      return rand() * 100;
    case 'boolean':
      return rand() < 0.7;
    case 'null':
      return null;
    case 'array':
      return s.items ? [plausibleValue(s.items, ctx, name, rand, depth + 1)] : [];
    case 'object': {
      const out: Record<string, unknown> = {};
      const required = new Set(s.required ?? []);
      for (const [key, child] of Object.entries(s.properties ?? {})) {
        if (required.has(key) || rand() < 0.75) out[key] = plausibleValue(child, ctx, key, rand, depth + 1);
      }
      return out;
    }
    default:
      return null;
  }
}

/** Applies `f` to every leaf of a JSON value (strings, numbers, …), rebuilding containers. */
function mapLeaves(value: unknown, f: (leaf: unknown, key: string) => unknown, key = ''): unknown {
  if (Array.isArray(value)) return value.map((v) => mapLeaves(v, f, key));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapLeaves(v, f, k)]));
  return f(value, key);
}

/** Paths (key lists) of every leaf of a JSON value. */
function leafPaths(value: unknown, path: string[] = []): string[][] {
  if (Array.isArray(value)) return value.flatMap((v, i) => leafPaths(v, [...path, String(i)]));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => leafPaths(v, [...path, k]));
  return [path];
}

function setAt(value: unknown, path: string[], leaf: unknown): unknown {
  if (!path.length) return leaf;
  const [head, ...rest] = path;
  if (Array.isArray(value)) return value.map((v, i) => (String(i) === head ? setAt(v, rest, leaf) : v));
  if (value && typeof value === 'object')
    return { ...(value as Record<string, unknown>), [head!]: setAt((value as Record<string, unknown>)[head!], rest, leaf) };
  return value;
}

const withNul = (text: string, rand: () => number) => {
  const at = Math.floor(rand() * (text.length + 1));
  return text.slice(0, at) + '\u0000' + text.slice(at);
};

/**
 * Requests for one operation, each a plausible request with one {@link Mutation}: a bad
 * `X-Auth-Id` with a real session token, NUL bytes in every (or one) text, ids and numbers out
 * of range, a wrong JSON type, overlong texts, broken JSON, an odd content type, a malformed
 * path segment, garbage headers, or (`random`) the fully random mix of {@link randomRequestArb}.
 */
export function requestArb(route: FuzzRoute, ctx: FuzzContext): fc.Arbitrary<FuzzRequest> {
  const random = randomRequestArb(route, ctx);
  return fc.oneof(
    {
      weight: 4,
      arbitrary: fc
        .tuple(fc.constantFrom(...MUTATIONS.filter((m) => m !== 'random')), fc.integer({ min: 0, max: 2 ** 31 - 1 }))
        .map(([mutation, seed]) => focusedRequest(route, ctx, mutation, seed)),
    },
    { weight: 1, arbitrary: random },
  );
}

/** One focused request (pure: the same route, mutation and seed give the same request). */
export function focusedRequest(route: FuzzRoute, ctx: FuzzContext, mutation: Mutation, seed: number): FuzzRequest {
  const rand = prng(seed);
  const session = ctx.sessions.length && rand() < 0.7 ? pickOf(rand, ctx.sessions) : null;
  const headers: Record<string, string> = { 'x-xsrf-token': ctx.xsrf.token, 'x-admin-secret': ctx.adminSecret };
  if (session) Object.assign(headers, { 'x-auth-token': session.token, 'x-auth-id': session.uid });
  if (rand() < 0.5) headers['x-lang'] = pickOf(rand, ['ru', 'pl', 'en', 'br', 'es', 'it', 'de', 'fr', 'tr']);
  const cookies = { ...ctx.xsrf.cookies };
  let pathValues = route.pathParams.map((p) => String(plausibleValue(p.schema, ctx, p.name, rand)));
  let query: Array<[string, string]> = route.queryParams
    .filter(() => rand() < 0.6)
    .map((p) => [p.name, String(plausibleValue(p.schema, ctx, p.name, rand))]);
  const hasBody = route.body !== undefined;
  let body: unknown = hasBody ? plausibleValue(route.body!, ctx, 'body', rand) : undefined;
  let raw: string | undefined;
  let contentType = 'application/json';
  const texts = () => [...pathValues.map((_, i) => ['path', i] as const), ...query.map((_, i) => ['query', i] as const)];

  switch (mutation) {
    case 'auth-id':
      headers['x-auth-token'] = session?.token ?? pickOf(rand, ctx.sessions.map((s) => s.token).concat('no-such-token'));
      headers['x-auth-id'] = pickOf(rand, [
        '2147483648',
        '4294967296',
        '9999999999',
        '99999999999',
        '0',
        '-1',
        '1.5',
        '1e3',
        'abc',
        '0x1F',
        '',
        ' 7',
        '2147483647',
      ]);
      break;
    case 'nul-all':
      pathValues = pathValues.map((v) => withNul(v, rand));
      query = query.map(([k, v]) => [k, withNul(v, rand)]);
      body = mapLeaves(body, (leaf) => (typeof leaf === 'string' ? withNul(leaf, rand) : leaf));
      if (hasBody && (body === null || typeof body !== 'object')) body = { text: withNul('x', rand) };
      break;
    case 'nul-one': {
      const leaves = leafPaths(body).filter(
        (p) => typeof p.reduce<unknown>((v, k) => (v as Record<string, unknown>)?.[k], body) === 'string',
      );
      const choices = [...texts(), ...leaves.map((l) => ['body', l] as const)];
      if (!choices.length) break;
      const [where, at] = pickOf(rand, choices);
      if (where === 'path') pathValues[at] = withNul(pathValues[at]!, rand);
      else if (where === 'query') query[at] = [query[at]![0], withNul(query[at]![1], rand)];
      else body = setAt(body, at, withNul(String(at.reduce<unknown>((v, k) => (v as Record<string, unknown>)?.[k], body)), rand));
      break;
    }
    case 'big-numbers':
      body = mapLeaves(body, (leaf) => (typeof leaf === 'number' ? pickOf(rand, BAD_NUMBERS) : leaf));
      if (Array.isArray(body) || (body && typeof body === 'object' && !leafPaths(body).length)) body = { id: 2147483648 };
      pathValues = pathValues.map((v, i) =>
        /^\d+(\.svg)?$/.test(v) || /id$/i.test(route.pathParams[i]!.name)
          ? v.replace(/^\d+/, pickOf(rand, ['2147483648', '4294967296', '9007199254740993', '99999999999999999999']))
          : v,
      );
      query = query.map(([k, v]) => [k, /^\d+$/.test(v) ? pickOf(rand, ['2147483648', '4294967296', '9007199254740993', '1e309']) : v]);
      break;
    case 'id-texts':
      pathValues = pathValues.map((v, i) => (i === pathValues.length - 1 || rand() < 0.5 ? pickOf(rand, BAD_ID_TEXTS) : v));
      query = query.map(([k]) => [k, pickOf(rand, BAD_ID_TEXTS)]);
      break;
    case 'wrong-type': {
      const leaves = leafPaths(body);
      body =
        leaves.length && body && typeof body === 'object'
          ? setAt(body, pickOf(rand, leaves), pickOf(rand, WRONG_TYPES))
          : pickOf(rand, WRONG_TYPES);
      break;
    }
    case 'overlong':
      body = mapLeaves(body, (leaf) =>
        typeof leaf === 'string' ? leaf + pickOf(rand, ['x', '𝕏', 'é']).repeat(pickOf(rand, [300, 5_000, 200_000])) : leaf,
      );
      pathValues = pathValues.map((v) => (rand() < 0.5 ? v + 'x'.repeat(pickOf(rand, [161, 250, 4000])) : v));
      query = query.map(([k, v]) => [k, v + '9'.repeat(400)]);
      break;
    case 'bad-json':
      raw = pickOf(rand, BAD_JSON_BODIES);
      break;
    case 'content-type':
      contentType = pickOf(rand, CONTENT_TYPES);
      break;
    case 'bad-path':
      if (pathValues.length) pathValues[Math.floor(rand() * pathValues.length)] = pickOf(rand, RAW_PATH_SEGMENTS);
      else query.push(['x', '%ZZ']);
      break;
    case 'bad-headers': {
      const name = pickOf(rand, ['x-lang', 'x-server-id', 'x-auth-token', 'x-xsrf-token', 'x-admin-secret', 'cookie', 'origin', 'accept']);
      const value = pickOf(rand, BAD_HEADER_TEXTS);
      if (name === 'cookie') for (const k of Object.keys(cookies)) cookies[k] = value;
      else headers[name] = value;
      break;
    }
    case 'random':
      break;
  }

  let url = route.path;
  route.pathParams.forEach((p, i) => {
    const v = pathValues[i]!;
    url = url.replace(`{${p.name}}`, mutation === 'bad-path' && RAW_PATH_SEGMENTS.includes(v) ? v : encode(v));
  });
  if (query.length) url += '?' + query.map(([k, v]) => (k === 'x' && v === '%ZZ' ? 'x=%ZZ' : `${encode(k)}=${encode(v)}`)).join('&');
  const request: FuzzRequest = {
    method: route.method,
    url,
    headers,
    cookies,
    remoteAddress: `10.${Math.floor(rand() * 255)}.${Math.floor(rand() * 255)}.${1 + Math.floor(rand() * 250)}`,
  };
  if (raw !== undefined) request.payload = raw;
  else if (hasBody || route.method !== 'GET') request.payload = serialize(body ?? {});
  if (request.payload !== undefined && contentType) headers['content-type'] = contentType;
  return request;
}
