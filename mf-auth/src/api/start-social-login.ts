import { apiClient, type ServerCode } from '@landing/shared';
import type { OAuthStartAnswer } from '@landing/domain/schemas/auth';
import { atServer } from '../lib/api-base';
import type { SocialProvider } from '../lib/providers';

/**
 * `POST /{server}/auth/oauth/{provider}/start` (spec §7): the provider's authorize URL for our
 * callback page `redirectUri`, and the `state` the callback must bring back.
 */
export const startSocialLogin = (server: ServerCode, provider: SocialProvider, redirectUri: string): Promise<OAuthStartAnswer> =>
  apiClient.post<OAuthStartAnswer>(`/auth/oauth/${provider}/start`, { redirectUri }, atServer(server)).then((r) => r.data);
