import { useMutation } from '@tanstack/react-query';
import { apiClient, type ServerCode } from '@landing/shared';
import type { CodeSentAnswer } from '@landing/domain/schemas/auth';
import { atServer } from '../lib/api-base';
import type { WriteOptions } from '../lib/write-options';

/**
 * `POST /{server}/auth/device/send`: mails the 6-digit code of a new-device challenge (spec §4).
 * @throws AxiosError: `CODE_RESEND_WAIT` (a code went moments ago), `CHALLENGE_INVALID`
 */
const sendDeviceCode = (server: ServerCode, challenge: string): Promise<CodeSentAnswer> =>
  apiClient.post<CodeSentAnswer>('/auth/device/send', { challenge }, atServer(server)).then((r) => r.data);

/** {@link sendDeviceCode} on `server` as a mutation; `mutate` takes the challenge. `options`: the caller's callbacks. */
export const useSendDeviceCode = (server: ServerCode, options: WriteOptions<CodeSentAnswer, string> = {}) =>
  useMutation({ ...options, mutationFn: (challenge) => sendDeviceCode(server, challenge) });
