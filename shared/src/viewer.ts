import { useLandingStore } from './data';
import type { UserData } from './store';

/**
 * The player logged in on `server`, or null (spec §3: logged in when `userData` is set). A session
 * of another game server counts as a visitor here, as it does for the API, whose routes under
 * `/{server}/` accept only that server's sessions.
 */
export function viewerOn(user: UserData | null, server: string): UserData | null {
  return user && user.server === server ? user : null;
}

/** {@link viewerOn} of the store's `userData`; re-renders on login and logout. */
export function useViewer(server: string): UserData | null {
  return viewerOn(
    useLandingStore((s) => s.userData),
    server,
  );
}
