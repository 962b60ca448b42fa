/**
 * The pending new-device challenge (spec §4): set by the login form (and by a social login that
 * must be linked to an existing account) from the 403 UNAUTHORIZED_DEVICE answer, read by the
 * two-factor dialog (the AuthModal, JoinPage and TwoFactorDialog exposes share this module; React
 * reads it through `hooks/use-device-challenge.ts`). Kept in sessionStorage so a reload of the tab does not lose the login attempt.
 */
import type { ServerCode } from '@landing/shared';

export interface DeviceChallenge {
  server: ServerCode;
  challenge: string;
  /** Masked e-mail the code goes to, e.g. `d***@example.com`. */
  email: string;
  /** Whether a code was already sent for this attempt. */
  codeSent?: boolean;
  /** A social login of this provider waits for the code to be linked to the existing account. */
  link?: 'google' | 'facebook' | 'vk';
}

const KEY = 'mf-auth:device-challenge';
const listeners = new Set<() => void>();
let current: DeviceChallenge | null = read();

function read(): DeviceChallenge | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as DeviceChallenge) : null;
  } catch {
    return null;
  }
}

/** Replaces (or with null clears) the pending challenge. */
export function setDeviceChallenge(next: DeviceChallenge | null): void {
  current = next;
  try {
    if (next) sessionStorage.setItem(KEY, JSON.stringify(next));
    else sessionStorage.removeItem(KEY);
  } catch {
    /* storage unavailable: memory only */
  }
  for (const l of listeners) l();
}

/** The pending challenge, or null. */
export function getDeviceChallenge(): DeviceChallenge | null {
  return current;
}

/** Calls `listener` on every change of the pending challenge; returns the unsubscribe function. */
export function subscribeDeviceChallenge(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
