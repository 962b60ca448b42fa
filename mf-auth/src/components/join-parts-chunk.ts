/**
 * The register form and the social login buttons of the join page (./join-parts.ts, with
 * react-hook-form and the popup login) as a chunk of their own. JoinPage loads it when the visitor
 * acts in one of them (`HydrateOnVisible` with `when="act"`), and, in a navigation, before it
 * renders them, so they are live at once (docs/PERFORMANCE.md). The auth modal imports both
 * directly: it is rendered in the browser.
 */
import { lazy, type ComponentType } from 'react';
import type { RegisterFormProps } from './RegisterForm';
import type { ServerCode } from '@landing/shared';

type Parts = typeof import('./join-parts');

/** The chunk's module once it has loaded. */
let loaded: Parts | null = null;
let loading: Promise<Parts> | null = null;
/** {@link loadJoinParts} settled: the module, or null when the chunk could not be loaded. */
let settled: Promise<Parts | null> | null = null;

/**
 * Loads the chunk (once; a failed load is tried again at the next call).
 * @returns resolves with the module; rejects when the chunk cannot be loaded
 */
export function loadJoinParts(): Promise<Parts> {
  loading ??= import('./join-parts').then((m) => (loaded = m));
  loading.catch(() => (loading = null));
  return loading;
}

/**
 * The chunk for a render that waits for it (a navigation): resolves with the module, or with null
 * when it cannot be loaded (offline, and never fetched before). The answer stays until
 * {@link retryJoinParts}, so a render that shows the failure does not load again.
 */
export function settledJoinParts(): Promise<Parts | null> {
  settled ??= loadJoinParts().then(
    (m) => m,
    () => null,
  );
  return settled;
}

/** Forgets a failed load: the next {@link settledJoinParts} tries again. */
export function retryJoinParts(): void {
  settled = null;
}

/** The parts' components. */
export interface JoinPartComponents {
  RegisterForm: ComponentType<RegisterFormProps>;
  SocialButtons: ComponentType<{ server: ServerCode }>;
}

/** The parts as `lazy` components (the first render of either loads the chunk). */
const lazyParts: JoinPartComponents = {
  RegisterForm: lazy(() => loadJoinParts().then((m) => ({ default: m.RegisterForm }))),
  SocialButtons: lazy(() => loadJoinParts().then((m) => ({ default: m.SocialButtons }))),
};

/** The parts' components: the loaded ones once the chunk is in, else the `lazy` ones. */
export function joinParts(): JoinPartComponents {
  return loaded ?? lazyParts;
}
