/**
 * Installed-app behaviour (spec §1): tracks standalone mode, captures the browser's install
 * prompt (`beforeinstallprompt`) to show the site's own install offer, and clears the offer
 * once the app is installed or the offer is cancelled. Flags live in the store's `pwa` slice.
 */
import { STANDALONE_QUERY, isStandaloneApp, landingStore } from '@landing/shared';

/** The non-standard event Chromium fires when the site can be installed. */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>;
}

/** localStorage key: when the visitor last said "not now" (ms). */
export const INSTALL_DISMISSED_KEY = 'landing-install-dismissed-at';
/** The offer stays hidden this long after "not now" (7 days, ms). */
const INSTALL_SNOOZE_MS = 7 * 86_400_000;

let deferred: BeforeInstallPromptEvent | null = null;

function snoozed(now = Date.now()): boolean {
  try {
    const at = Number(localStorage.getItem(INSTALL_DISMISSED_KEY) ?? 0);
    return now - at < INSTALL_SNOOZE_MS;
  } catch {
    return false;
  }
}

/**
 * Starts tracking (call once at start): standalone mode now and on change, the install prompt,
 * and `appinstalled`. Returns the function that stops tracking.
 */
export function trackInstallState(win: Window = window): () => void {
  const setPwa = landingStore.getState().setPwa;
  const update = () => setPwa({ standalone: isStandaloneApp(win) });
  update();
  const media = win.matchMedia?.(STANDALONE_QUERY);
  media?.addEventListener?.('change', update);

  const onPrompt = (event: Event) => {
    event.preventDefault(); // keep it for our own offer instead of the browser's mini bar
    deferred = event as BeforeInstallPromptEvent;
    if (!isStandaloneApp(win) && !snoozed()) setPwa({ installAvailable: true });
  };
  const onInstalled = () => {
    deferred = null;
    setPwa({ installAvailable: false, standalone: true });
  };
  win.addEventListener('beforeinstallprompt', onPrompt);
  win.addEventListener('appinstalled', onInstalled);
  return () => {
    media?.removeEventListener?.('change', update);
    win.removeEventListener('beforeinstallprompt', onPrompt);
    win.removeEventListener('appinstalled', onInstalled);
  };
}

/**
 * Shows the browser's install dialog for the captured prompt. The offer is cleared whatever the
 * answer (installed or cancelled). Resolves to the outcome, or `unavailable` without a prompt.
 */
export async function promptInstall(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const event = deferred;
  const setPwa = landingStore.getState().setPwa;
  if (!event) {
    setPwa({ installAvailable: false });
    return 'unavailable';
  }
  deferred = null;
  try {
    await event.prompt();
    const { outcome } = await event.userChoice;
    if (outcome === 'accepted') setPwa({ installAvailable: false, standalone: true });
    else setPwa({ installAvailable: false });
    return outcome;
  } catch {
    setPwa({ installAvailable: false });
    return 'dismissed';
  }
}

/** "Not now": clears the offer and keeps it hidden for 7 days. */
export function dismissInstall(now = Date.now()): void {
  deferred = null;
  try {
    localStorage.setItem(INSTALL_DISMISSED_KEY, String(now));
  } catch {
    /* private mode: hidden for this page only */
  }
  landingStore.getState().setPwa({ installAvailable: false });
}
