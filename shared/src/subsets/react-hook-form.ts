/**
 * The part of react-hook-form that this site's forms use, provided in the browser as the shared
 * `react-hook-form` (how and why: ./README.md): `useForm`, `Controller` (mf-auth's checkboxes),
 * and the helpers `@hookform/resolvers` imports (`get`, `set`, `appendErrors`; the resolver loads
 * with a form's first check, `@landing/shared/forms`). Not provided: `useFieldArray`,
 * `FormProvider`/`useFormContext`, the `<Form>` component and `useWatch`/`useFormState`/
 * `useController` as hooks of their own. Types come from the package as usual (`import type` is
 * not affected).
 */
export { Controller, appendErrors, get, set, useForm } from '@landing/impl/react-hook-form';
