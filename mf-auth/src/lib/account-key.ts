import { viewerKey, type ServerCode, type UserData } from '@landing/shared';

/** Prefix of every account-page query: invalidate it after a change of the account. */
export const ACCOUNT_KEY = ['auth', 'account'] as const;

/** Query key of an account-page read: per viewer (shared `viewerKey`), so a logout drops it. */
export const accountKey = (part: 'sessions' | 'events', server: ServerCode, user: UserData) =>
  [...ACCOUNT_KEY, part, server, viewerKey(user)] as const;
