import { useMutation } from '@tanstack/react-query';
import { apiClient, deviceFingerprint, type ServerCode } from '@landing/shared';
import type { MessageAnswer } from '@landing/domain/schemas/auth';
import { atServer } from '../lib/api-base';
import type { WriteOptions } from '../lib/write-options';

/**
 * `POST /{server}/auth/password/reset`: sets the new password of an e-mailed token; the API ends
 * every session of the account.
 * @throws AxiosError, `TOKEN_INVALID` for a used or unknown token
 */
const resetPassword = (server: ServerCode, body: { token: string; password: string }): Promise<MessageAnswer> =>
  apiClient
    .post<MessageAnswer>('/auth/password/reset', { ...body, fingerprint: deviceFingerprint() }, atServer(server))
    .then((r) => r.data);

/**
 * {@link resetPassword} on `server` as a mutation; `mutate` takes the new password of the link's
 * `token` (the page shows the new-password form only when the link has one). `options`: the caller's callbacks.
 */
export const useResetPassword = (server: ServerCode, token: string | null | undefined, options: WriteOptions<MessageAnswer, string> = {}) =>
  useMutation({ ...options, mutationFn: (password) => resetPassword(server, { token: token ?? '', password }) });
