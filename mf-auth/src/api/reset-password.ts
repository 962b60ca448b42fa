import { apiClient, deviceFingerprint, type ServerCode } from '@landing/shared';
import type { MessageAnswer } from '@landing/domain/schemas/auth';
import { atServer } from '../lib/api-base';

/**
 * `POST /{server}/auth/password/reset`: sets the new password of an e-mailed token; the API ends
 * every session of the account.
 * @throws AxiosError, `TOKEN_INVALID` for a used or unknown token
 */
export const resetPassword = (server: ServerCode, body: { token: string; password: string }): Promise<MessageAnswer> =>
  apiClient
    .post<MessageAnswer>('/auth/password/reset', { ...body, fingerprint: deviceFingerprint() }, atServer(server))
    .then((r) => r.data);
