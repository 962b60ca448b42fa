/**
 * Register params of spec §3 (`partner`, `banana`, `sub1`, `click_id`, `admitad_uid`,
 * `click_id_track`, `ref_id_track`): the shell copies them from the query into the store's
 * `availableRegisterParams`; the join routes add `partner` / the referral id from the path.
 * They are kept in the cookies of §3 so they survive until the registration:
 * - `click_id_track`: the click id of an ad network;
 * - `ref_id_track` and the per-server referral cookie `ref_id_{server}` (`_dev` suffix outside
 *   production, spec §9), holding the referral id;
 * sent with the registration and cleared after it (spec §4 "Removing register cookies").
 */
import {
  COOKIES,
  getCookie,
  getRuntimeConfig,
  landingStore,
  removeCookie,
  removeRegisterCookies,
  setCookie,
  type RegisterParams,
  type ServerCode,
} from '@landing/shared';

/** Lifetime of the tracking cookies (an affiliate attribution window), seconds. */
const TRACKING_COOKIE_MAX_AGE_S = 30 * 86_400;

/** Referral cookie of a server (spec §9: `ref_id_{server}`, `_dev` suffix outside production). */
export function referralCookieName(server: ServerCode, production = getRuntimeConfig().production): string {
  return `ref_id_${server}${production ? '' : '_dev'}`;
}

const clean = (v: string | undefined) => (v && v.trim() ? v.trim().slice(0, 128) : undefined);

/**
 * Takes the join route's `partner` / referral id into the store and writes the tracking cookies.
 * Called by the join page when it opens.
 */
export function rememberRegisterParams(server: ServerCode, fromPath: { partner?: string; refId?: string }): void {
  const store = landingStore.getState();
  const extra: RegisterParams = {};
  if (clean(fromPath.partner)) extra.partner = clean(fromPath.partner);
  if (clean(fromPath.refId)) extra.ref_id_track = clean(fromPath.refId);
  if (Object.keys(extra).length) store.setRegisterParams(extra);
  const params = landingStore.getState().availableRegisterParams;
  const clickId = clean(params.click_id_track) ?? clean(params.click_id);
  if (clickId) setCookie(COOKIES.clickIdTrack, clickId, TRACKING_COOKIE_MAX_AGE_S);
  const refId = clean(params.ref_id_track);
  if (refId) {
    setCookie(COOKIES.refIdTrack, refId, TRACKING_COOKIE_MAX_AGE_S);
    setCookie(referralCookieName(server), refId, TRACKING_COOKIE_MAX_AGE_S);
  }
}

/** The params to send with a registration: the store's, completed from the tracking cookies. */
export function collectRegisterParams(server: ServerCode): RegisterParams {
  const params: RegisterParams = { ...landingStore.getState().availableRegisterParams };
  const clickTrack = clean(params.click_id_track) ?? clean(getCookie(COOKIES.clickIdTrack));
  if (clickTrack) params.click_id_track = clickTrack;
  const refId = clean(params.ref_id_track) ?? clean(getCookie(referralCookieName(server))) ?? clean(getCookie(COOKIES.refIdTrack));
  if (refId) params.ref_id_track = refId;
  const out: RegisterParams = {};
  for (const [k, v] of Object.entries(params) as Array<[keyof RegisterParams, string | undefined]>) {
    const c = clean(v);
    if (c) out[k] = c;
  }
  return out;
}

/** After a registration: clears the tracking cookies (spec §4) and the store's params. */
export function forgetRegisterParams(server: ServerCode): void {
  removeRegisterCookies();
  removeCookie(referralCookieName(server));
  landingStore.getState().clearRegisterParams();
}
