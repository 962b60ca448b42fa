import { apiClient, type ServerCode } from '@landing/shared';
import type { EmailActivatedAnswer } from '@landing/domain/schemas/auth';
import { atServer } from '../lib/api-base';

/**
 * `POST /{server}/auth/email/activate`: confirms a new e-mail address of an e-mailed token.
 * @throws AxiosError, `TOKEN_INVALID` for a used or unknown token
 */
export const activateEmail = (server: ServerCode, token: string): Promise<EmailActivatedAnswer> =>
  apiClient.post<EmailActivatedAnswer>('/auth/email/activate', { token }, atServer(server)).then((r) => r.data);
