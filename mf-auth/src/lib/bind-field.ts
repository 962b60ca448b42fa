/**
 * Binding the inputs of components/fields.tsx to a react-hook-form form.
 */
import type { FieldValues, Path, RegisterOptions, UseFormRegisterReturn, UseFormReturn } from 'react-hook-form';

/** The part of a `useForm` answer {@link bindField} reads. */
export type BoundForm<V extends FieldValues> = Pick<UseFormReturn<V>, 'register' | 'getFieldState' | 'formState'>;

/**
 * Props of an input of fields.tsx for the field `name` of `form`: what `register(name, options)`
 * gives the input (ref, name, onChange, onBlur), and `error`, the translation key the resolver or
 * `setError` left on the field (undefined while it has none). Reads `form.formState`, so the
 * component re-renders when the field's error changes.
 */
export function bindField<V extends FieldValues>(
  form: BoundForm<V>,
  name: Path<V>,
  options?: RegisterOptions<V, Path<V>>,
): UseFormRegisterReturn<Path<V>> & { error: string | undefined } {
  return { ...form.register(name, options), error: form.getFieldState(name, form.formState).error?.message };
}
