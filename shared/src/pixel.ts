/**
 * Ad-pixel events (spec §7): sent in production only, and only when the pixel script is present
 * on the page (`window.fbq`, the Meta pixel, installed by the environment, not by this code).
 * The visitor's cookie choice is respected: "necessary only" sends nothing.
 */
import { COOKIES } from './config';
import { getCookie } from './cookies';
import { getRuntimeConfig } from './runtime-config';

/** The Meta pixel function as the snippet installs it. */
export type PixelFn = (command: 'track' | 'trackCustom', event: string, params?: Record<string, unknown>) => void;

/** Standard events the site sends (custom names go through `trackCustom`). */
export const STANDARD_PIXEL_EVENTS = ['PageView', 'Lead', 'Contact', 'CompleteRegistration', 'SubmitApplication'] as const;

/** Value of the cookie-consent cookie that allows marketing cookies. */
export const CONSENT_ALL = 'all';
/** Value of the cookie-consent cookie that allows necessary cookies only. */
export const CONSENT_NECESSARY = 'necessary';

function pixel(): PixelFn | undefined {
  const fbq = (globalThis as { fbq?: unknown }).fbq;
  return typeof fbq === 'function' ? (fbq as PixelFn) : undefined;
}

/**
 * Sends pixel event `event` (e.g. `Lead` after the founder-pack sign-up). Returns true when it
 * was sent; false outside production, without the pixel, or when the visitor chose necessary
 * cookies only. Never throws.
 */
export function trackPixelEvent(event: string, params?: Record<string, unknown>): boolean {
  if (!getRuntimeConfig().production) return false;
  const fbq = pixel();
  if (!fbq) return false;
  if (getCookie(COOKIES.cookieConsent) === CONSENT_NECESSARY) return false;
  try {
    const standard = (STANDARD_PIXEL_EVENTS as readonly string[]).includes(event);
    if (params) fbq(standard ? 'track' : 'trackCustom', event, params);
    else fbq(standard ? 'track' : 'trackCustom', event);
    return true;
  } catch {
    return false;
  }
}
