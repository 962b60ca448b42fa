import { queryOptions } from '@tanstack/react-query';
import { apiClient, type ServerCode, type UserData } from '@landing/shared';
import type { SecurityEventsAnswer } from '@landing/domain/schemas/account';
import { atServer } from '../lib/api-base';
import { authKeys } from './keys';

/** `GET /{server}/auth/security-events?limit=50`: the account's security events, newest first. */
const fetchSecurityEvents = (server: ServerCode, signal?: AbortSignal): Promise<SecurityEventsAnswer> =>
  apiClient.get<SecurityEventsAnswer>('/auth/security-events', { ...atServer(server), params: { limit: 50 }, signal }).then((r) => r.data);

/** The security events of the logged-in `user` on `server`, keyed per viewer. */
export const securityEventsQuery = (server: ServerCode, user: UserData) =>
  queryOptions({ queryKey: authKeys.accountPart('events', server, user), queryFn: ({ signal }) => fetchSecurityEvents(server, signal) });
