import { useMutation } from '@tanstack/react-query';
import { apiClient, type ServerCode } from '@landing/shared';
import type { MessageAnswer } from '@landing/domain/schemas/auth';
import { atServer } from '../lib/api-base';
import type { WriteOptions } from '../lib/write-options';

/**
 * `POST /{server}/auth/password/forgot`: mails a new-password link. The answer is the same whether
 * the e-mail has an account or not (no account enumeration).
 */
const requestPasswordReset = (server: ServerCode, email: string): Promise<MessageAnswer> =>
  apiClient.post<MessageAnswer>('/auth/password/forgot', { email }, atServer(server)).then((r) => r.data);

/**
 * {@link requestPasswordReset} on `server` as a mutation; `mutate` takes the e-mail and the
 * mutation resolves with it (the form says where the link went). `options`: the caller's callbacks.
 */
export const useRequestPasswordReset = (server: ServerCode, options: WriteOptions<string, string> = {}) =>
  useMutation({ ...options, mutationFn: (email) => requestPasswordReset(server, email).then(() => email) });
