import { apiClient, type ServerCode } from '@landing/shared';
import type { CodeSentAnswer } from '@landing/domain/schemas/auth';
import { atServer } from '../lib/api-base';

/**
 * `POST /{server}/auth/device/send`: mails the 6-digit code of a new-device challenge (spec §4).
 * @throws AxiosError: `CODE_RESEND_WAIT` (a code went moments ago), `CHALLENGE_INVALID`
 */
export const sendDeviceCode = (server: ServerCode, challenge: string): Promise<CodeSentAnswer> =>
  apiClient.post<CodeSentAnswer>('/auth/device/send', { challenge }, atServer(server)).then((r) => r.data);
