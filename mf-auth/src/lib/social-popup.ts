/**
 * The social login's popup (spec §7, ./social.ts), opened inside the user's click so that the
 * browser does not block it. On the join page the buttons' code loads at the visitor's first act
 * (components/JoinPage.tsx): a click made before it is in opens the popup at once
 * ({@link openEarlyPopup}), and the click, done again once the code is in, takes it over
 * ({@link takeEarlyPopup}).
 */

const POPUP_FEATURES = 'popup=yes,width=520,height=680,left=120,top=80';
/** How long a popup opened ahead waits for its click's code (ms) before it is closed. */
const EARLY_POPUP_WAIT_MS = 15_000;

/** Opens the (blank) login popup; null when the browser blocked it. Call it inside the user's click. */
export function openSocialPopup(win: Window = window): Window | null {
  return win.open('about:blank', 'mf-auth-social', POPUP_FEATURES);
}

/** The popup a click opened before the buttons' code was in, until that click takes it. */
let early: { popup: Window | null; timer: ReturnType<typeof setTimeout> } | null = null;

/**
 * Opens the popup inside a click made before the buttons' code is in (once: a second such click
 * finds it open). Closed after {@link EARLY_POPUP_WAIT_MS} when no click takes it over.
 */
export function openEarlyPopup(win: Window = window): void {
  if (early) return;
  const popup = openSocialPopup(win);
  const timer = setTimeout(() => {
    if (early?.popup && !early.popup.closed) early.popup.close();
    early = null;
  }, EARLY_POPUP_WAIT_MS);
  early = { popup, timer };
}

/**
 * The popup {@link openEarlyPopup} opened, once: null when the browser blocked it, undefined when
 * there is none (the click then opens its own).
 */
export function takeEarlyPopup(): Window | null | undefined {
  if (!early) return undefined;
  clearTimeout(early.timer);
  const { popup } = early;
  early = null;
  return popup;
}
