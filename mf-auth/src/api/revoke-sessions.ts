import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, logout, type ServerCode } from '@landing/shared';
import type { RevokeSessionsAnswer, RevokeSessionsBody } from '@landing/domain/schemas/account';
import { atServer } from '../lib/api-base';
import { errorCode } from '../lib/api-errors';
import { authKeys } from './keys';

/**
 * `POST /{server}/auth/sessions/revoke`: ends one session (`session`) or every session of the
 * account, this one too; `password` re-authenticates (accounts with a password).
 * @throws AxiosError: `WRONG_PASSWORD`, `SESSION_NOT_FOUND`
 */
const revokeSessions = (server: ServerCode, body: RevokeSessionsBody): Promise<RevokeSessionsAnswer> =>
  apiClient.post<RevokeSessionsAnswer>('/auth/sessions/revoke', body, atServer(server)).then((r) => r.data);

/**
 * {@link revokeSessions} on `server` as a mutation. Ending this browser's session logs it out;
 * ending others, or finding the session already gone (`SESSION_NOT_FOUND`), refetches the
 * account page's lists.
 * @param onRevoked the API's answer (its translated `message`)
 * @param onFailed the AxiosError (see {@link revokeSessions})
 */
export function useRevokeSessions(
  server: ServerCode,
  onRevoked: (answer: RevokeSessionsAnswer) => void,
  onFailed: (error: unknown) => void,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RevokeSessionsBody) => revokeSessions(server, body),
    onSuccess: (answer) => {
      onRevoked(answer);
      if (answer.current) logout(false);
      else void client.invalidateQueries({ queryKey: authKeys.account });
    },
    onError: (error) => {
      onFailed(error);
      if (errorCode(error) === 'SESSION_NOT_FOUND') void client.invalidateQueries({ queryKey: authKeys.account });
    },
  });
}
