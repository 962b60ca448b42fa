import { useMutation } from '@tanstack/react-query';
import { apiClient, deviceFingerprint, type ServerCode } from '@landing/shared';
import type { LoginAnswer } from '@landing/domain/schemas/auth';
import { atServer } from '../lib/api-base';
import type { WriteOptions } from '../lib/write-options';

/**
 * `POST /{server}/auth/device/confirm`: the mailed code of a challenge logs in and trusts this
 * device (spec §4). `code`: 6 digits, white space removed.
 * @throws AxiosError: wrong code, `CODE_TOO_MANY`, `CHALLENGE_INVALID`
 */
const confirmDeviceCode = (server: ServerCode, body: { challenge: string; code: string }): Promise<LoginAnswer> =>
  apiClient.post<LoginAnswer>('/auth/device/confirm', { ...body, fingerprint: deviceFingerprint() }, atServer(server)).then((r) => r.data);

/**
 * {@link confirmDeviceCode} on `server` as a mutation; `mutate` takes the challenge and the code.
 * `options`: the caller's callbacks.
 */
export const useConfirmDeviceCode = (server: ServerCode, options: WriteOptions<LoginAnswer, { challenge: string; code: string }> = {}) =>
  useMutation({ ...options, mutationFn: (body) => confirmDeviceCode(server, body) });
