/**
 * Property-based fuzzing of every route of the API's own OpenAPI document (src/lib/validation.ts),
 * in the modules of `test/fuzz/`, shared by `test/fuzz.test.ts` (a bounded number of inputs per route, in `pnpm test`) and
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
 *
 * This module: the OpenAPI document as the fuzzer reads it (operations, schemas) and the types the
 * fuzz modules share.
 */
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

/** The schema a `$ref` (to `#/components/schemas/…`) points at, followed up to 10 times; `{}` for a missing one. */
export function resolve(schema: JsonSchema, doc: OpenApiDoc): JsonSchema {
  let s = schema;
  for (let i = 0; i < 10 && s.$ref; i++) {
    const name = s.$ref.replace('#/components/schemas/', '');
    s = doc.components?.schemas?.[name] ?? {};
  }
  return s;
}
