import { useMutation } from '@tanstack/react-query';
import { apiClient, deviceFingerprint, type ServerCode } from '@landing/shared';
import type { LoginAnswer } from '@landing/domain/schemas/auth';
import { atServer } from '../lib/api-base';
import type { WriteOptions } from '../lib/write-options';

/**
 * `POST /{server}/auth/login` with a nickname or e-mail and the password, from this device.
 * @throws AxiosError; 403 UNAUTHORIZED_DEVICE (spec §4) carries the challenge of the new-device code
 */
const logIn = (server: ServerCode, body: { login: string; password: string }): Promise<LoginAnswer> =>
  apiClient.post<LoginAnswer>('/auth/login', { ...body, fingerprint: deviceFingerprint() }, atServer(server)).then((r) => r.data);

/**
 * {@link logIn} on `server` as a mutation; `mutate` takes the login (nickname or e-mail, trimmed)
 * and the password. `options`: the caller's callbacks (a 403 UNAUTHORIZED_DEVICE reaches `onError`).
 */
export const useLogIn = (server: ServerCode, options: WriteOptions<LoginAnswer, { login: string; password: string }> = {}) =>
  useMutation({ ...options, mutationFn: (body) => logIn(server, body) });
