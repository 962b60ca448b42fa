import { queryOptions } from '@tanstack/react-query';
import { apiGet, type ReadScope, type ApiClient } from '@landing/shared';
import type { ProvidersAnswer } from '@landing/domain/schemas/auth';
import { SOCIAL_PROVIDERS, type SocialProvider } from '../lib/providers';
import { authKeys } from './keys';

/** Until the API says otherwise (or when it cannot be asked): Google and Facebook on, VK off. */
export const DEFAULT_ENABLED: Record<SocialProvider, boolean> = { google: true, facebook: true, vk: false };

/**
 * `GET /{server}/auth/providers`: which providers the API has configured on a server, as a page
 * query (server-rendered with the join page, asked once per server in the browser). A failure
 * answers {@link DEFAULT_ENABLED} (and is asked again later), so it never takes the register form down.
 */
export function providersQuery(api: ApiClient, scope: ReadScope) {
  return queryOptions({
    queryKey: authKeys.providers(scope.server),
    staleTime: 10 * 60_000,
    queryFn: async ({ signal }): Promise<Record<SocialProvider, boolean>> => {
      try {
        const { providers } = await apiGet<ProvidersAnswer>(api, scope, '/auth/providers', undefined, signal);
        return Object.fromEntries(SOCIAL_PROVIDERS.map((id) => [id, providers.some((x) => x.id === id && x.enabled)])) as Record<
          SocialProvider,
          boolean
        >;
      } catch {
        return DEFAULT_ENABLED;
      }
    },
  });
}
