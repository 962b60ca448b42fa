/** Where the auth requests of a server go (spec §7: one API base per server). */
import { apiBaseFor, type ServerCode } from '@landing/shared';

/** Axios options sending a request to the API of `server` (`{ baseURL }`). */
export const atServer = (server: ServerCode) => ({ baseURL: apiBaseFor(server) });

/** Origin of the API of a server (e.g. `http://localhost:4000`), for the dev mailbox link; '' when the base is not a URL. */
export function apiOriginOf(server: ServerCode): string {
  try {
    return new URL(apiBaseFor(server)).origin;
  } catch {
    return '';
  }
}
