import { apiClient, deviceFingerprint, type ServerCode } from '@landing/shared';
import type { LoginAnswer } from '@landing/domain/schemas/auth';
import { atServer } from '../lib/api-base';
import type { SocialProvider } from '../lib/providers';

/**
 * `POST /{server}/auth/{provider}` (spec §7): the popup's authorization code and `state` for a session.
 * @throws AxiosError; 403 UNAUTHORIZED_DEVICE with `link` when the e-mail has an account (spec §4)
 */
export const exchangeSocialCode = (
  server: ServerCode,
  provider: SocialProvider,
  body: { code: string; state: string },
): Promise<LoginAnswer> =>
  apiClient.post<LoginAnswer>(`/auth/${provider}`, { ...body, fingerprint: deviceFingerprint() }, atServer(server)).then((r) => r.data);
