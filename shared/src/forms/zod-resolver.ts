/**
 * The one react-hook-form resolver of the site's forms (`@landing/shared/forms`): a zod schema
 * (most are the API's own request bodies, `@landing/domain/schemas/*`) checked by
 * `@hookform/resolvers/zod`. Both the schema and the resolver are dynamic imports made at the
 * first check (or at {@link LazyResolver.preload}), so no page carries zod in its first load
 * (docs/PERFORMANCE.md). A subpath of the package, not its main entry: every app bundles this
 * small file with its forms, and pages without a form never load it.
 */
import type { FieldError, FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { zodResolver } from '@hookform/resolvers/zod';

/** A schema `zodResolver` accepts (zod 3 or 4), as a domain schema module exports it. */
export type ResolverSchema = Parameters<typeof zodResolver>[0];

/** Issue codes (or translation keys) of fields that fail checks the schema cannot make: field → code. */
export type ExtraCheck<V> = (values: V) => Partial<Record<keyof V & string, string>>;

/** Options of {@link lazyZodResolver}. */
export interface LazyResolverOptions<V extends FieldValues> {
  /**
   * The message each field error carries, usually a translation key: `error` is the first issue
   * of `field` (`error.type`: the zod issue code, `too_small`, `custom` …; `error.message`: the
   * schema's issue message). Default: the schema's message unchanged.
   */
  message?: (error: FieldError, field: keyof V & string) => string;
  /**
   * Give the form the values as typed (`raw`), not the schema's output (trimmed, transformed):
   * fields the schema does not know then stay. Default false.
   */
  raw?: boolean;
  /** Checks run after the schema, on the fields it found no problem in; each code goes through `message`. */
  extra?: ExtraCheck<V>;
}

/** A resolver whose code (zod, the schema) loads at its first check; `preload()` starts that load early (on focus). */
export type LazyResolver<V extends FieldValues> = Resolver<V, unknown, V> & {
  /** Loads the schema and `zodResolver` now; resolves when both are in, rejects when a chunk fails to load (the next call tries again). */
  preload: () => Promise<void>;
};

/**
 * A react-hook-form resolver over the zod schema that `loadSchema` imports (`null`: no schema, only
 * `options.extra`). Field errors carry `options.message` of the zod issue; values are the
 * schema's output (`options.raw`: the values as typed).
 * @param loadSchema  dynamic import of the schema, e.g. `() => import('@landing/domain/schemas/contact').then((m) => m.ContactBody)`
 * @throws only what `loadSchema` or the chunk load throws (a network failure): the form's submit rejects
 */
export function lazyZodResolver<V extends FieldValues>(
  loadSchema: (() => Promise<ResolverSchema>) | null,
  options: LazyResolverOptions<V> = {},
): LazyResolver<V> {
  let loaded: Promise<Resolver<V, unknown, V>> | undefined;
  const load = () => {
    loaded ??=
      loadSchema === null
        ? Promise.resolve<Resolver<V, unknown, V>>(async (values) => ({ values, errors: {} }))
        : Promise.all([import('@hookform/resolvers/zod'), loadSchema()]).then(
            ([{ zodResolver }, schema]) =>
              (options.raw ? zodResolver(schema, undefined, { raw: true }) : zodResolver(schema)) as unknown as Resolver<V, unknown, V>,
          );
    loaded.catch(() => (loaded = undefined));
    return loaded;
  };
  const { message, extra } = options;
  const resolver: Resolver<V, unknown, V> = async (values, context, resolveOptions) => {
    const result = await (await load())(values, context, resolveOptions);
    if (!message && !extra) return result;
    const errors: Record<string, FieldError> = {};
    for (const [field, error] of Object.entries(result.errors as Record<string, FieldError | undefined>)) {
      if (error) errors[field] = message ? { ...error, message: message(error, field as keyof V & string) } : error;
    }
    for (const [field, code] of Object.entries(extra?.(values) ?? {}) as Array<[keyof V & string, string | undefined]>) {
      if (!code || errors[field]) continue;
      const error: FieldError = { type: 'validate', message: code };
      errors[field] = message ? { ...error, message: message(error, field) } : error;
    }
    return Object.keys(errors).length ? { values: {}, errors: errors as FieldErrors<V> } : result;
  };
  return Object.assign(resolver, { preload: () => load().then(() => undefined) });
}
