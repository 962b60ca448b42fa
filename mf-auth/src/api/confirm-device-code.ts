import { apiClient, deviceFingerprint, type ServerCode } from '@landing/shared';
import type { LoginAnswer } from '@landing/domain/schemas/auth';
import { atServer } from '../lib/api-base';

/**
 * `POST /{server}/auth/device/confirm`: the mailed code of a challenge logs in and trusts this
 * device (spec §4). `code`: 6 digits, white space removed.
 * @throws AxiosError: wrong code, `CODE_TOO_MANY`, `CHALLENGE_INVALID`
 */
export const confirmDeviceCode = (server: ServerCode, body: { challenge: string; code: string }): Promise<LoginAnswer> =>
  apiClient.post<LoginAnswer>('/auth/device/confirm', { ...body, fingerprint: deviceFingerprint() }, atServer(server)).then((r) => r.data);
