/** fast-check generators of random requests from an operation's parameters and JSON body schema. */
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import {
  BAD_HEADER_TEXTS,
  BAD_ID_TEXTS,
  BAD_JSON_BODIES,
  BAD_NUMBERS,
  BAD_STRINGS,
  CONTENT_TYPES,
  RAW_PATH_SEGMENTS,
  WRONG_TYPES,
} from './bad-values.js';
import { resolve, type FuzzContext, type FuzzRoute, type JsonSchema } from './openapi.js';

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
export function encode(text: string): string {
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

/** JSON text of a body value; `null` for one JSON cannot write (a cycle, a BigInt). */
export function serialize(value: unknown): string {
  try {
    return JSON.stringify(value) ?? 'null';
  } catch {
    return 'null';
  }
}
