/**
 * react-hook-form resolver of the shell's forms over a domain schema (`@landing/domain/schemas/*`,
 * the API's own request body), loaded with `@hookform/resolvers/zod` on the first validation: zod
 * is not part of the page's first load (docs/PERFORMANCE.md). The schema's issue messages are the
 * API's English texts; each field error gets the form's translation key instead.
 */
import type { FieldError, FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { ZodType } from 'zod';

/**
 * @param loadSchema  loads the domain schema (a dynamic import, so zod stays out of the first load)
 * @param messageKey  translation key (shell namespace) of an error of `field` with the zod issue
 *                    `code` (`too_small`, `too_big`, `invalid_format` …)
 * @returns a resolver whose values are the schema's output (trimmed strings) and whose errors carry
 *          one translation key per field (the first issue of the field)
 */
export function lazyZodResolver<T extends FieldValues>(
  loadSchema: () => Promise<ZodType<T, T>>,
  messageKey: (field: keyof T & string, code: string) => string,
): Resolver<T, unknown, T> {
  let resolve: Resolver<T, unknown, T> | undefined;
  return async (values, context, options) => {
    if (!resolve) {
      const [{ zodResolver }, schema] = await Promise.all([import('@hookform/resolvers/zod'), loadSchema()]);
      resolve = zodResolver(schema) as Resolver<T, unknown, T>;
    }
    const result = await resolve(values, context, options);
    const errors: Record<string, FieldError> = {};
    for (const [field, error] of Object.entries(result.errors as Record<string, FieldError | undefined>)) {
      if (error) errors[field] = { type: error.type, ref: error.ref, message: messageKey(field as keyof T & string, String(error.type)) };
    }
    return Object.keys(errors).length ? { values: {}, errors: errors as FieldErrors<T> } : result;
  };
}
