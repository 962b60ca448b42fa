import { apiClient, deviceFingerprint, type ServerCode } from '@landing/shared';
import type { LoginAnswer } from '@landing/domain/schemas/auth';
import { atServer } from '../lib/api-base';

/**
 * `POST /{server}/auth/activate`: activates the account of an e-mailed token and logs in (this
 * browser's FT-fingerprint becomes a trusted device, spec §4).
 * @throws AxiosError, `TOKEN_INVALID` for a used or unknown token
 */
export const activateAccount = (server: ServerCode, token: string): Promise<LoginAnswer> =>
  apiClient.post<LoginAnswer>('/auth/activate', { token, fingerprint: deviceFingerprint() }, atServer(server)).then((r) => r.data);
