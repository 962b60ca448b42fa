import { queryOptions } from '@tanstack/react-query';
import { apiClient, type ServerCode, type UserData } from '@landing/shared';
import type { SessionsAnswer } from '@landing/domain/schemas/account';
import { atServer } from '../lib/api-base';
import { authKeys } from './keys';

/** `GET /{server}/auth/sessions`: the player's live sessions, this one first, and how to re-authenticate. */
const fetchSessions = (server: ServerCode, signal?: AbortSignal): Promise<SessionsAnswer> =>
  apiClient.get<SessionsAnswer>('/auth/sessions', { ...atServer(server), signal }).then((r) => r.data);

/** The sessions of the logged-in `user` on `server`, keyed per viewer. */
export const sessionsQuery = (server: ServerCode, user: UserData) =>
  queryOptions({ queryKey: authKeys.accountPart('sessions', server, user), queryFn: ({ signal }) => fetchSessions(server, signal) });
