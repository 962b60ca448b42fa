import { apiClient, deviceFingerprint, type ServerCode } from '@landing/shared';
import type { LoginAnswer } from '@landing/domain/schemas/auth';
import { atServer } from '../lib/api-base';

/**
 * `POST /{server}/auth/login` with a nickname or e-mail and the password, from this device.
 * @throws AxiosError; 403 UNAUTHORIZED_DEVICE (spec §4) carries the challenge of the new-device code
 */
export const logIn = (server: ServerCode, body: { login: string; password: string }): Promise<LoginAnswer> =>
  apiClient.post<LoginAnswer>('/auth/login', { ...body, fingerprint: deviceFingerprint() }, atServer(server)).then((r) => r.data);
