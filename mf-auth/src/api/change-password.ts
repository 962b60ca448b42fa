import { apiClient, type ServerCode } from '@landing/shared';
import type { MessageAnswer } from '@landing/domain/schemas/auth';
import { atServer } from '../lib/api-base';

/**
 * `POST /{server}/auth/password/change` (logged in): every other session ends and a notice is mailed.
 * @throws AxiosError: `WRONG_PASSWORD`, `PASSWORD_SAME`, the password policy's codes
 */
export const changePassword = (server: ServerCode, body: { currentPassword: string; password: string }): Promise<MessageAnswer> =>
  apiClient.post<MessageAnswer>('/auth/password/change', body, atServer(server)).then((r) => r.data);
