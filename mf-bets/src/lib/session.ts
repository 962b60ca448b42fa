import { landingStore } from '@landing/shared';

/**
 * Is someone logged in (the browser's store)? The server renders visitors: its store has no user,
 * so per-viewer requests are made by the browser only.
 */
export function hasSession(): boolean {
  return landingStore.getState().userData !== null;
}
