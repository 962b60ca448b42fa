import { useEffect, useState } from 'react';
import { apiClient, findServer, serversFor, type ServerOption, type ServerRegion, type ServerStatus } from '@landing/shared';

/** One entry of `GET /{server}/servers` (api/src/routes/servers.ts). */
export interface ServerEntry {
  value: string;
  name: string;
  status: ServerStatus;
  gmt: string;
  region: ServerRegion;
  time_zone: string;
}

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

/**
 * The servers of the switcher: the static list of spec §9 at once, replaced by the API's list
 * (with each server's status, spec §2 locked servers included) once `GET /{server}/servers`
 * answers. On an API failure the static list stays.
 * @param server the current server (the API base of the request)
 */
export function useServerList(server: string, production: boolean): SwitcherServer[] {
  const [list, setList] = useState<SwitcherServer[]>(() => serversFor(production));
  useEffect(() => {
    const controller = new AbortController();
    apiClient
      .get<{ servers: ServerEntry[] }>('/servers', { signal: controller.signal })
      .then(({ data }) => {
        const merged = mergeServerList(data.servers, production);
        if (merged.length > 0) setList(merged);
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, [server, production]);
  return list;
}
