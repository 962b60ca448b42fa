import { useHydrated, useLandingStore } from './data';
import type { UserData } from './store';

/**
 * The player logged in on `server`, or null (spec §3: logged in when `userData` is set). A session
 * of another game server counts as a visitor here, as it does for the API, whose routes under
 * `/{server}/` accept only that server's sessions.
 */
export function viewerOn(user: UserData | null, server: string): UserData | null {
  return user && user.server === server ? user : null;
}

/**
 * {@link viewerOn} of the store's `userData`; re-renders on login and logout. For pages only one
 * player sees (their account page). A page every player shares reads {@link usePlayer} instead.
 */
export function useViewer(server: string): UserData | null {
  return viewerOn(
    useLandingStore((s) => s.userData),
    server,
  );
}

/** The logged-in player as a page shared by every player of a server may show them ({@link usePlayer}). */
export interface SharedPlayer {
  /** Whether a player of this server is logged in (the page's logged-in layout). */
  loggedIn: boolean;
  /** Their nickname, or null for a visitor (the page server fills it in per player). */
  nickname: string | null;
  /**
   * The player's own record (id, e-mail, OVR), or null: on the server, while the browser hydrates
   * and for a visitor. Parts that depend on it (a referral link, "you voted", an OVR gate, the
   * player's predictions) show their pending state until it is set, in the same space.
   */
  own: UserData | null;
}

/**
 * The logged-in player of `server` for the pages every player shares (docs/ARCHITECTURE.md "Page
 * cache": home, news, articles, bets, join, affiliate). Such a page is rendered once per page,
 * language and game server for a stand-in player and filled in with each player's nickname; a
 * render that reads anything else of the player would make it personal (rendered per player,
 * about 10× slower). Here nothing but `loggedIn` and `nickname` is readable before hydration, so
 * the personal parts (`own`) are read in the browser after the first paint.
 */
export function usePlayer(server: string): SharedPlayer {
  const user = useViewer(server);
  const hydrated = useHydrated();
  return { loggedIn: user !== null, nickname: user?.nickname ?? null, own: hydrated ? user : null };
}
