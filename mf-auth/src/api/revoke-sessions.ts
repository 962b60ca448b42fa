import { apiClient, type ServerCode } from '@landing/shared';
import type { RevokeSessionsAnswer, RevokeSessionsBody } from '@landing/domain/schemas/account';
import { atServer } from '../lib/api-base';

/**
 * `POST /{server}/auth/sessions/revoke`: ends one session (`session`) or every session of the
 * account, this one too; `password` re-authenticates (accounts with a password).
 * @throws AxiosError: `WRONG_PASSWORD`, `SESSION_NOT_FOUND`
 */
export const revokeSessions = (server: ServerCode, body: RevokeSessionsBody): Promise<RevokeSessionsAnswer> =>
  apiClient.post<RevokeSessionsAnswer>('/auth/sessions/revoke', body, atServer(server)).then((r) => r.data);
