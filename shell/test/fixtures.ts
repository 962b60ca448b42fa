/**
 * API answers used by the shell's component tests. Each one goes through `apiFixture` with the
 * API's own answer schema (`@landing/domain/schemas/*`, the route schemas of api/src/domains/):
 * a fixture the API could not send fails at import.
 */
import { ServersResponse, type ServerEntry } from '@landing/domain/schemas/core';
import { apiFixture } from '@landing/domain/testing';

/** `GET /{server}/servers` with these entries. */
export const serversAnswer = (servers: ServerEntry[]): ServersResponse => apiFixture(ServersResponse, { servers });

/** The API's server list outside production (api/test/servers.test.ts): EN, Legacy, Classic, Royal (new) and US (locked). */
export const API_SERVERS: ServerEntry[] = serversAnswer([
  { value: 'en', name: 'EN server', status: 'open', gmt: 'GMT +0', region: 'centralEurope', time_zone: 'Europe/London' },
  { value: 'pl', name: 'Legacy', status: 'open', gmt: 'GMT +1', region: 'centralEurope', time_zone: 'Europe/Warsaw' },
  { value: 'classic', name: 'Classic', status: 'open', gmt: 'GMT -1', region: 'americas', time_zone: 'Atlantic/Azores' },
  { value: 'royal', name: 'Royal', status: 'new', gmt: 'GMT +3', region: 'easternEurope', time_zone: 'Europe/Istanbul' },
  { value: 'us', name: 'US', status: 'locked', gmt: 'GMT -6', region: 'americas', time_zone: 'America/Chicago' },
]).servers;
