import { useMutation } from '@tanstack/react-query';
import { apiClient, type RegisterParams, type ServerCode } from '@landing/shared';
import type { MessageAnswer } from '@landing/domain/schemas/auth';
import { atServer } from '../lib/api-base';
import type { WriteOptions } from '../lib/write-options';

/** What the registration sends (`RegisterBody` of `@landing/domain/schemas/auth`, spec §5). */
export interface RegisterVariables {
  nickname: string;
  email: string;
  password: string;
  terms: boolean;
  newsletter: boolean;
  /** Register params of spec §3 (partner, click ids, referral). */
  params: RegisterParams;
}

/**
 * `POST /{server}/auth/register`: creates the account and mails the activation link.
 * @throws AxiosError with the §8 code (taken name, password policy, rate limit…), already toasted
 */
const registerAccount = (server: ServerCode, body: RegisterVariables): Promise<MessageAnswer> =>
  apiClient.post<MessageAnswer>('/auth/register', body, atServer(server)).then((r) => r.data);

/**
 * {@link registerAccount} on `server` as a mutation; it resolves with the e-mail the activation
 * link went to. `options`: the caller's callbacks (errors are already toasted by the shared client).
 */
export const useRegisterAccount = (server: ServerCode, options: WriteOptions<string, RegisterVariables> = {}) =>
  useMutation({ ...options, mutationFn: (body) => registerAccount(server, body).then(() => body.email) });
