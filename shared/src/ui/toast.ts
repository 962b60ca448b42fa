/**
 * Toast API of the site (spec §4, §9) over react-toastify, which is a Module Federation singleton
 * so every app's toasts land in the shell's one container. Default 3000 ms, errors 5000 ms.
 *
 * react-toastify (about 10 KiB gzip) is not part of the first paint: it is loaded on the first
 * toast, which also mounts the shell's toast container. A toast shown before the container is
 * mounted waits in react-toastify's own queue and appears when it mounts.
 */
import type { ToastContent, ToastOptions } from 'react-toastify';
import { TIMINGS } from '../config';

type Toastify = typeof import('react-toastify');

let toastify: Promise<Toastify> | null = null;
let requested = false;
const listeners = new Set<() => void>();

/**
 * Loads react-toastify (once) and tells {@link toastsRequested} subscribers, so the shell mounts
 * its toast container. Resolves to the module; rejects only if its chunk cannot be fetched.
 */
export function loadToastify(): Promise<Toastify> {
  if (!requested) {
    requested = true;
    listeners.forEach((listener) => listener());
  }
  toastify ??= import('react-toastify').catch((error: unknown) => {
    toastify = null; // a later toast tries again (e.g. back online)
    throw error;
  });
  return toastify;
}

/**
 * Whether toasts have been asked for in this page (an external store for `useSyncExternalStore`:
 * `subscribe(listener) → unsubscribe`, `get() → boolean`; false on the server).
 */
export const toastsRequested = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get: (): boolean => requested,
  getServer: (): boolean => false,
};

/** Shows any content as a toast (react-toastify's `toast(content, options)`), once it has loaded. */
export function showToast(content: ToastContent, options: ToastOptions = {}): void {
  void loadToastify().then(({ toast }) => toast(content, options), reportLoadFailure);
}

/** Shows an information toast (default duration 3000 ms). */
export function notifyInfo(message: string, options: ToastOptions = {}): void {
  void loadToastify().then(({ toast }) => toast.info(message, { autoClose: TIMINGS.toastMs, ...options }), reportLoadFailure);
}

/** Shows a success toast (default duration 3000 ms). */
export function notifySuccess(message: string, options: ToastOptions = {}): void {
  void loadToastify().then(({ toast }) => toast.success(message, { autoClose: TIMINGS.toastMs, ...options }), reportLoadFailure);
}

/** Shows an error toast for 5000 ms (spec §8). Same text twice at once shows one toast. */
export function notifyError(message: string, options: ToastOptions = {}): void {
  void loadToastify().then(
    ({ toast }) => toast.error(message, { autoClose: TIMINGS.errorToastMs, toastId: `error:${message}`, ...options }),
    reportLoadFailure,
  );
}

/** The toast library's chunk could not be fetched (offline before it was cached): say so in the console only. */
function reportLoadFailure(error: unknown): void {
  console.warn('[toast] react-toastify could not be loaded', error);
}
