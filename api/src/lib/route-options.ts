/**
 * The options of a documented route (`app.get(path, routeOptions({ … }), handler)`), from a flat
 * spec: its OpenAPI tag and text, its request schemas, its answer and its error answers. The
 * result is typed as precisely as a written-out `{ config, schema }` literal, so the zod type
 * provider gives the handler the same `request.params`, `request.query`, `request.body` and reply
 * types. Route options the spec does not cover (`preValidation`, `helmet`, …) are spread beside it:
 * `{ preValidation, ...routeOptions({ … }) }`.
 */
import type { FastifyContextConfig } from 'fastify';
import type { z } from 'zod';
import { ErrorBody, errorResponses } from './errors.js';

/** Error answers of a route: status → body schema, or statuses answered with {@link ErrorBody}. */
type ErrorAnswers = readonly number[] | Readonly<Record<number, z.ZodType>>;

/** What {@link routeOptions} is given. */
export interface RouteSpec {
  /** OpenAPI tag that groups the route (`core`, `news`, `admin`, …; described in src/plugins/openapi.ts). */
  tag: string;
  /** OpenAPI summary. */
  summary: string;
  /** OpenAPI description. */
  description?: string;
  /** Path parameters (`ServerParams` under `/:server`). */
  params?: z.ZodType;
  /** Query string. */
  querystring?: z.ZodType;
  /** Request body. */
  body?: z.ZodType;
  /** Request headers (`AdminHeaders` of the admin routes). */
  headers?: z.ZodType;
  /** Content types of the answer when it is not JSON. */
  produces?: readonly string[];
  /** Body of the success answer. */
  answer: z.ZodType;
  /** Status of the success answer: 200 unless given. */
  status?: number;
  /** The error answers: {@link errorResponses} unless given. */
  errors?: ErrorAnswers;
  /** More error answers, on top of `errors`. */
  also?: ErrorAnswers;
  /** Route config (`rateLimit`, `xsrf`, `technicalBreak`, …). */
  config?: FastifyContextConfig;
}

/** One object type out of an intersection (the same properties, easier to read in errors). */
type Flat<T> = { [K in keyof T]: T[K] };

/** The value of `K` in the spec `S`, or `D` when it is not given. */
type Given<S, K extends keyof RouteSpec, D> = S extends { readonly [P in K]: infer V } ? V : D;

/** Error answers as a map status → schema. */
type ErrorMap<E> = E extends readonly number[] ? { [K in E[number]]: typeof ErrorBody } : E;

/** The `response` of a spec: its answer under its status, then its error answers. */
type ResponseOf<S extends RouteSpec> = Flat<
  { [K in Given<S, 'status', 200>]: S['answer'] } & ErrorMap<Given<S, 'errors', typeof errorResponses>> &
    ErrorMap<Given<S, 'also', Record<never, never>>>
>;

/** Spec keys copied into the schema as they are. */
type SchemaPart = 'description' | 'params' | 'querystring' | 'body' | 'headers' | 'produces';

/**
 * What {@link routeOptions} returns for the spec `S`: `config` as given (its own keys not `readonly`, as
 * Fastify infers a written-out literal) and the schema with `S`'s own request schemas, so Fastify infers
 * the same request and reply types as from the written-out options.
 */
export type RouteOptions<S extends RouteSpec> = Flat<
  (S extends { readonly config: infer C } ? { config: { -readonly [K in keyof C]: C[K] } } : unknown) & {
    schema: Flat<{ tags: string[]; summary: string } & Pick<S, Extract<keyof S, SchemaPart>> & { response: ResponseOf<S> }>;
  }
>;

/**
 * Keys of `S` that `Spec` does not know, each typed `never`: a spec typed `S & KnownKeys<S>` refuses them
 * (a misspelt `querystring` is an error, not a route without a query schema).
 */
export type KnownKeys<S, Spec = RouteSpec> = { [K in Exclude<keyof S, keyof Spec>]: never };

/** Whether error answers are given as a list of statuses. */
function isStatusList(errors: ErrorAnswers): errors is readonly number[] {
  return Array.isArray(errors);
}

/** Error answers as a map status → schema. */
function errorMap(errors: ErrorAnswers): Readonly<Record<number, z.ZodType>> {
  return isStatusList(errors) ? Object.fromEntries(errors.map((status) => [status, ErrorBody])) : errors;
}

/**
 * The route options of `spec`:
 * `{ config?, schema: { tags: [tag], summary, description?, params?, querystring?, body?, headers?, produces?, response } }`,
 * where `response` is `{ [status ?? 200]: answer, ...(errors ?? errorResponses), ...also }` and a list of statuses
 * in `errors` or `also` stands for `{ [status]: ErrorBody }` each.
 *
 * @example app.get('/stats', routeOptions({ tag: 'leaderboard', summary: 'Stats', params: ServerParams, answer: StatsResponse }), handler)
 */
export function routeOptions<const S extends RouteSpec>(spec: S & KnownKeys<S>): RouteOptions<S> {
  const { tag, summary, answer, status = 200, errors = errorResponses, also = [], config, ...parts } = spec;
  const schema = { tags: [tag], summary, ...parts, response: { [status]: answer, ...errorMap(errors), ...errorMap(also) } };
  return (config ? { config, schema } : { schema }) as RouteOptions<S>;
}
