import { landingStore } from '@landing/shared';

/**
 * Is someone logged in (the browser's store)? On the server this module-level store never has a
 * user (each render has a store of its own), so per-viewer requests are made by the browser only.
 */
export function hasSession(): boolean {
  return landingStore.getState().userData !== null;
}
