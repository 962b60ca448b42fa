/**
 * Social login, popup authorization-code flow (spec §7): response type `code`, the API does the
 * `authorization_code` exchange (with `state`, and PKCE where the provider supports it).
 *
 * 1. A popup opens at once (inside the click, so it is not blocked), then goes to the provider's
 *    authorize URL the API hands out for our callback page.
 * 2. The provider returns the popup to `/auth/{provider}/callback` (VK: `/auth_callback`) on our
 *    origin. The opener polls the popup every 250 ms: once it is back on our origin it reads
 *    `code` and `state` from its address; the callback page also posts them to the opener
 *    (accepted only from our own origin and from this popup).
 * 3. The `state` must be the one this login started with; then the code goes to the API
 *    (`POST /{server}/auth/{provider}`), which answers the session.
 */
import { TIMINGS, type ServerCode } from '@landing/shared';
import type { LoginAnswer } from '@landing/domain/schemas/auth';
import { exchangeSocialCode } from '../api/exchange-social-code';
import { startSocialLogin } from '../api/start-social-login';
import type { SocialProvider } from './providers';
import { openSocialPopup } from './social-popup';

/** Message type the callback page posts to its opener. */
export const CALLBACK_MESSAGE = 'mf-auth:social-callback';

export interface CallbackResult {
  code?: string;
  state?: string;
  error?: string;
}

/** Why a social login did not finish. */
export class SocialLoginError extends Error {
  constructor(
    readonly reason: 'popupBlocked' | 'cancelled' | 'failed' | 'state',
    detail?: string,
  ) {
    super(detail ?? reason);
    this.name = 'SocialLoginError';
  }
}

/** Return page of a provider on this site. */
export function callbackPath(provider: SocialProvider): string {
  return provider === 'vk' ? '/auth_callback' : `/auth/${provider}/callback`;
}

/** Reads `code` / `state` / `error` of a callback address. */
export function parseCallback(search: string): CallbackResult {
  const q = new URLSearchParams(search);
  const r: CallbackResult = {};
  const code = q.get('code');
  const state = q.get('state');
  const error = q.get('error_description') || q.get('error');
  if (code) r.code = code;
  if (state) r.state = state;
  if (error) r.error = error;
  return r;
}

/** A login still open after this long is given up. */
const GIVE_UP_MS = 5 * 60_000;

/**
 * Waits for the popup to come back to one of our callback pages. Resolves with its result;
 * rejects with `cancelled` when the popup is closed first.
 */
export function waitForCallback(popup: Window, win: Window = window, pollMs: number = TIMINGS.socialPopupPollMs): Promise<CallbackResult> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const finish = (fn: () => void) => {
      win.clearInterval(timer);
      win.removeEventListener('message', onMessage);
      fn();
    };
    const onMessage = (event: MessageEvent) => {
      // Only our own origin, only this popup, only our message.
      if (event.origin !== win.location.origin || event.source !== popup) return;
      const data = event.data as { type?: string } & CallbackResult;
      if (!data || data.type !== CALLBACK_MESSAGE) return;
      finish(() => resolve({ code: data.code, state: data.state, error: data.error }));
    };
    const timer = win.setInterval(() => {
      if (popup.closed) return finish(() => reject(new SocialLoginError('cancelled')));
      if (Date.now() - started > GIVE_UP_MS) return finish(() => reject(new SocialLoginError('cancelled', 'timeout')));
      let href: string | undefined;
      try {
        // Throws while the popup is on the provider's origin.
        href = popup.location.href;
      } catch {
        return;
      }
      if (!href || href === 'about:blank') return;
      const url = new URL(href);
      if (url.origin !== win.location.origin) return;
      if (url.pathname !== '/auth_callback' && !/^\/auth\/[a-z]+\/callback$/.test(url.pathname)) return;
      const result = parseCallback(url.search);
      if (result.code || result.error) finish(() => resolve(result));
    }, pollMs);
    win.addEventListener('message', onMessage);
  });
}

/**
 * Runs the whole popup login for a provider and answers the session. `popup`: the window
 * {@link openSocialPopup} opened inside the click (by default opened here, so call this directly
 * from a click handler: the popup must open inside the user's gesture).
 * @throws SocialLoginError, or the API client's error (already toasted)
 */
export async function socialLogin(
  server: ServerCode,
  provider: SocialProvider,
  win: Window = window,
  popup: Window | null = openSocialPopup(win),
): Promise<LoginAnswer> {
  if (!popup) throw new SocialLoginError('popupBlocked');
  try {
    const { authorizeUrl, state } = await startSocialLogin(server, provider, `${win.location.origin}${callbackPath(provider)}`);
    popup.location.href = authorizeUrl;
    const result = await waitForCallback(popup, win);
    // RFC 6749 §4.1.2.1: the person said no at the provider.
    if (result.error === 'access_denied') throw new SocialLoginError('cancelled');
    if (result.error || !result.code) throw new SocialLoginError('failed', result.error);
    if (result.state !== state) throw new SocialLoginError('state', 'state mismatch');
    return await exchangeSocialCode(server, provider, { code: result.code, state });
  } finally {
    if (!popup.closed) popup.close();
  }
}
