import { apiClient, type ServerCode } from '@landing/shared';
import type { MessageAnswer } from '@landing/domain/schemas/auth';
import { atServer } from '../lib/api-base';

/**
 * `POST /{server}/auth/password/forgot`: mails a new-password link. The answer is the same whether
 * the e-mail has an account or not (no account enumeration).
 */
export const requestPasswordReset = (server: ServerCode, email: string): Promise<MessageAnswer> =>
  apiClient.post<MessageAnswer>('/auth/password/forgot', { email }, atServer(server)).then((r) => r.data);
