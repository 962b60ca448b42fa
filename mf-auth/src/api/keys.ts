/**
 * Query keys of mf-auth (the remote's query-key factory, docs/ADDING_A_REMOTE.md): every key
 * starts with `auth`. Account-page reads are per viewer (shared `viewerKey`), so a logout drops
 * them and the page server never runs them.
 */
import { viewerKey, type ServerCode, type UserData } from '@landing/shared';

export const authKeys = {
  /** Every read of the remote. */
  all: ['auth'] as const,
  /** The social providers configured on `server`. */
  providers: (server: ServerCode) => ['auth', 'providers', server] as const,
  /** Every account-page read (the prefix a change of the account invalidates). */
  account: ['auth', 'account'] as const,
  /** One account-page read of `user` on `server`. */
  accountPart: (part: 'sessions' | 'events', server: ServerCode, user: UserData) =>
    ['auth', 'account', part, server, viewerKey(user)] as const,
};
