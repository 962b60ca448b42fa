import {
  COOKIE_MAX_AGE_S,
  COOKIES,
  findServer,
  landingStore,
  serversFor,
  setCookie,
  useApiClient,
  useQueryData,
  useReadScope,
  type ServerCode,
  type ServerOption,
} from '@landing/shared';
import { serversQuery, type ServerEntry } from '../data/queries';

export type { ServerEntry };

/**
 * A server of the switcher (spec §3 server option: name, value, gmt label, status, class). A
 * locked server may be one the site does not serve (its `value` is then no {@link ServerOption}
 * code): it is only listed, dimmed with a lock, and cannot be chosen (spec §2).
 */
export type SwitcherServer = Omit<ServerOption, 'value'> & { value: string };

/**
 * The switcher's list from the API's answer: statuses come from the API; a server the site can
 * route keeps its own display class; a server the site does not know is kept only when locked
 * (choosing it would lead nowhere), and dropped otherwise.
 */
export function mergeServerList(entries: readonly ServerEntry[], production: boolean): SwitcherServer[] {
  const routable = new Set<string>(serversFor(production).map((s) => s.value));
  const list: SwitcherServer[] = [];
  for (const e of entries) {
    const known = findServer(e.value);
    if (!(known && routable.has(e.value)) && e.status !== 'locked') continue;
    list.push({
      name: e.name,
      value: e.value,
      gmt: e.gmt,
      status: e.status,
      region: e.region,
      timeZone: e.time_zone,
      class: known?.class ?? `server-${e.value}`,
    });
  }
  return list;
}

/** The API's list when there is one (and it is not empty), else the static list of spec §9. */
export function serverListFrom(entries: readonly ServerEntry[] | undefined, production: boolean): SwitcherServer[] {
  const merged = entries ? mergeServerList(entries, production) : [];
  return merged.length > 0 ? merged : serversFor(production);
}

/**
 * The servers of the switcher: the static list of spec §9 at once, replaced by the API's list
 * (with each server's status, spec §2 locked servers included) once `GET /{server}/servers`
 * answers ({@link serversQuery}). Fetched in the browser only once `enabled` (the switcher asks
 * when its panel opens), so a page load makes no request beyond its own data; the affiliate page
 * has the list from its server render. On an API failure the static list stays.
 * @param server the current server (the API base of the request)
 * @param enabled fetch now (default true)
 */
export function useServerList(server: ServerCode, production: boolean, enabled = true): SwitcherServer[] {
  const data = useQueryData(serversQuery(useApiClient(), useReadScope(server)), { enabled });
  return serverListFrom(data?.servers, production);
}

/**
 * Stores the chosen server (spec §2): `selectedServer`, the `ft-lang-last-locale` cookie, then a
 * full navigation to the landing URL of that server.
 */
export function chooseServer(server: SwitcherServer, assign: (url: string) => void = (u) => window.location.assign(u)): void {
  const known = findServer(server.value);
  if (server.status === 'locked' || !known) return;
  landingStore.getState().setSelectedServer(known.value);
  setCookie(COOKIES.lastServer, server.value, COOKIE_MAX_AGE_S.languageAndAuth);
  assign(`/${server.value}`);
}
