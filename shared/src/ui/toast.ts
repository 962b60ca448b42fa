/**
 * Toast API of the site (spec §4, §9) over react-toastify, which is a Module Federation singleton
 * so every app's toasts land in the shell's one container. Default 3000 ms, errors 5000 ms.
 */
import { toast, type ToastOptions } from 'react-toastify';
import { TIMINGS } from '../config';

/** Shows an information toast (default duration 3000 ms). */
export function notifyInfo(message: string, options: ToastOptions = {}): void {
  toast.info(message, { autoClose: TIMINGS.toastMs, ...options });
}

/** Shows a success toast (default duration 3000 ms). */
export function notifySuccess(message: string, options: ToastOptions = {}): void {
  toast.success(message, { autoClose: TIMINGS.toastMs, ...options });
}

/** Shows an error toast for 5000 ms (spec §8). Same text twice at once shows one toast. */
export function notifyError(message: string, options: ToastOptions = {}): void {
  toast.error(message, { autoClose: TIMINGS.errorToastMs, toastId: `error:${message}`, ...options });
}
