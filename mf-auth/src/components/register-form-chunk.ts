/**
 * The registration form (./RegisterForm.tsx, with react-hook-form) as a chunk of its own for the
 * join page. JoinPage loads it when the visitor acts in the form (`HydrateOnVisible` with
 * `when="act"`), and, in a navigation, before it renders the form, so the form is live at once
 * (docs/PERFORMANCE.md). The auth modal imports the form directly: it is rendered in the browser.
 */
import { lazy, type ComponentType } from 'react';
import type { RegisterFormProps } from './RegisterForm';

type Chunk = typeof import('./RegisterForm');

/** The chunk's module once it has loaded. */
let loaded: Chunk | null = null;
let loading: Promise<Chunk> | null = null;
/** {@link loadRegisterForm} settled: the module, or null when the chunk could not be loaded. */
let settled: Promise<Chunk | null> | null = null;

/**
 * Loads the chunk (once; a failed load is tried again at the next call).
 * @returns resolves with the module; rejects when the chunk cannot be loaded
 */
export function loadRegisterForm(): Promise<Chunk> {
  loading ??= import('./RegisterForm').then((m) => (loaded = m));
  loading.catch(() => (loading = null));
  return loading;
}

/**
 * The chunk for a render that waits for it (a navigation): resolves with the module, or with null
 * when it cannot be loaded (offline, and never fetched before). The answer stays until
 * {@link retryRegisterForm}, so a render that shows the failure does not load again.
 */
export function settledRegisterForm(): Promise<Chunk | null> {
  settled ??= loadRegisterForm().then(
    (m) => m,
    () => null,
  );
  return settled;
}

/** Forgets a failed load: the next {@link settledRegisterForm} tries again. */
export function retryRegisterForm(): void {
  settled = null;
}

/** The form as a `lazy` component (its first render loads the chunk). */
const LazyRegisterForm = lazy(() => loadRegisterForm().then((m) => ({ default: m.RegisterForm })));

/** The form component: the loaded one once the chunk is in, else the `lazy` one. */
export function registerFormComponent(): ComponentType<RegisterFormProps> {
  return loaded?.RegisterForm ?? LazyRegisterForm;
}
