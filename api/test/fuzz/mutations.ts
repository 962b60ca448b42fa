/** Focused mutations of a plausible request: one field, header or segment made bad at a time. */
import fc from 'fast-check';
import {
  BAD_HEADER_TEXTS,
  BAD_ID_TEXTS,
  BAD_JSON_BODIES,
  BAD_NUMBERS,
  CONTENT_TYPES,
  RAW_PATH_SEGMENTS,
  WRONG_TYPES,
} from './bad-values.js';
import { encode, randomRequestArb, serialize, type FuzzRequest } from './generators.js';
import { resolve, type FuzzContext, type FuzzRoute, type JsonSchema } from './openapi.js';

/**
 * What a focused request breaks, on top of an otherwise plausible request (valid XSRF pair,
 * admin secret, often a real session, sample values): one kind of bad input at a time, so each
 * reaches the code behind the first checks.
 */
const MUTATIONS = [
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
type Mutation = (typeof MUTATIONS)[number];

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
function focusedRequest(route: FuzzRoute, ctx: FuzzContext, mutation: Mutation, seed: number): FuzzRequest {
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
