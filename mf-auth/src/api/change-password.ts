import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, type ServerCode } from '@landing/shared';
import type { MessageAnswer } from '@landing/domain/schemas/auth';
import { atServer } from '../lib/api-base';
import { authKeys } from './keys';

/**
 * `POST /{server}/auth/password/change` (logged in): every other session ends and a notice is mailed.
 * @throws AxiosError: `WRONG_PASSWORD`, `PASSWORD_SAME`, the password policy's codes
 */
const changePassword = (server: ServerCode, body: { currentPassword: string; password: string }): Promise<MessageAnswer> =>
  apiClient.post<MessageAnswer>('/auth/password/change', body, atServer(server)).then((r) => r.data);

/**
 * {@link changePassword} on `server` as a mutation: a changed password makes the account page's
 * lists stale (the other sessions ended), so they refetch.
 * @param onChanged the API's answer (its translated `message`)
 * @param onFailed the AxiosError (see {@link changePassword})
 */
export function useChangePassword(server: ServerCode, onChanged: (answer: MessageAnswer) => void, onFailed: (error: unknown) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { currentPassword: string; password: string }) => changePassword(server, body),
    onSuccess: (answer) => {
      onChanged(answer);
      void client.invalidateQueries({ queryKey: authKeys.account });
    },
    onError: onFailed,
  });
}
