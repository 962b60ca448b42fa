/**
 * Test helper of the apps' component tests: fixtures are checked against the API's answer schemas,
 * so a fixture can only show what the API can answer.
 */
import type { z } from 'zod';

/** Where two values differ, as a JSON path (`$.items.0.lang`), or null when they are equal. */
function difference(a: unknown, b: unknown, path = '$'): string | null {
  if (Object.is(a, b)) return null;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return path;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) {
    const found = difference((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], `${path}.${key}`);
    if (found) return found;
  }
  return null;
}

/**
 * Returns `value` once `schema` accepts it as it is: every field the schema asks for, of its
 * type, and no field the schema does not know (the API never sends one: its serializer drops
 * them). Use it around every fixture of an API answer.
 *
 * @throws Error naming the first problem (zod's issue path and message, or the unknown field)
 */
export function apiFixture<S extends z.ZodType>(schema: S, value: z.input<S> & z.output<S>): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw new Error(`fixture does not match the API schema at $.${issue.path.join('.')}: ${issue.message}`);
  }
  const where = difference(result.data, value);
  if (where) throw new Error(`fixture has a field or value the API schema does not give at ${where}`);
  return value;
}
