/**
 * The API client of one page render (spec §7, §8): the API is called where the page server reaches
 * it, over connections kept open between renders.
 */
import { Agent as HttpAgent } from 'node:http';
import axios, { AxiosError, type AxiosInstance } from 'axios';
import { DEFAULT_SERVER, type RuntimeConfig } from '@landing/shared';
import type { RenderedFor } from './render-types';

/** Connections to the API are kept open between renders (no TCP handshake per API call). */
const apiAgent = new HttpAgent({ keepAlive: true, maxSockets: 64 });

/**
 * The API client of one request: the internal API base, the player's session (spec §7
 * `X-Auth-Token`, `X-Auth-Id`) when there is one, the §8 swallow rules without toasts. A
 * stand-in's render is marked personal by any answer that is not `public` (player-page.ts).
 * @param internalApiBaseTemplate  the API base the page server calls (`http://127.0.0.1:4000/{server}`)
 * @param config  the environment's public config (its `apiBaseTemplate` is what queries name)
 */
export function renderApiClient(
  internalApiBaseTemplate: string,
  config: RuntimeConfig,
  renderedFor: RenderedFor | undefined,
): AxiosInstance {
  const client = axios.create({
    timeout: 2000,
    httpAgent: apiAgent,
    headers: {
      Accept: 'application/json',
      ...(renderedFor && 'token' in renderedFor ? { 'X-Auth-Token': renderedFor.token, 'X-Auth-Id': renderedFor.user.id } : {}),
    },
  });
  client.interceptors.request.use((req) => {
    // Queries name the public base of their server; the page server calls the API where it can reach it.
    const server = /\/([a-z]+)\/?$/.exec(req.baseURL ?? '')?.[1] ?? DEFAULT_SERVER;
    if (req.baseURL?.startsWith(config.apiBaseTemplate.split('{server}')[0]!))
      req.baseURL = internalApiBaseTemplate.replace('{server}', server);
    return req;
  });
  if (renderedFor && 'standIn' in renderedFor) {
    // A page shared by players may only show what the API lets shared caches keep: an answer
    // that is not `public` (a per-viewer route, an error) makes the render the player's own.
    const standIn = renderedFor.standIn;
    client.interceptors.response.use(
      (res) => {
        if (!/\bpublic\b/.test(String(res.headers['cache-control'] ?? ''))) standIn.markPersonal();
        return res;
      },
      (error: unknown) => {
        standIn.markPersonal();
        throw error;
      },
    );
  }
  client.interceptors.response.use(undefined, (error: unknown) => {
    // Spec §8: 404 'NEWS NOT FOUND' and 422 INVALID_VOTE are answers the page shows, not failures.
    if (error instanceof AxiosError && error.response) {
      const body = (error.response.data ?? {}) as { error?: string; message?: string };
      const code = body.error ?? body.message;
      if ((error.response.status === 404 && code === 'NEWS NOT FOUND') || (error.response.status === 422 && code === 'INVALID_VOTE'))
        return error.response;
    }
    throw error;
  });
  return client;
}
