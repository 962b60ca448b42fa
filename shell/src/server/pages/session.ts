/**
 * Who is logged in, for a server-rendered page (spec §3: logged in when `userData` is set; the
 * session is in the per-server cookies `auth.{server}._token.local` and `auth.{server}._token.uid`).
 * The page server asks the API (`GET /{server}/auth/me`) once per session and keeps the answer
 * for {@link SESSION_CHECK_TTL_MS}, so a player's page costs one API call every few seconds at
 * most. An expired or revoked session renders the visitor as logged out (the browser then clears
 * its own copy, spec §4). A revocation reaches the checker at once through the API's change stream
 * (content-changes.ts `session` events → {@link SessionChecker.forgetAccount}): the account's
 * cached answers are dropped, and an answer the API gave before the revocation is not kept.
 */
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { authCookieNames, type UserData } from '@landing/shared';
import { cookieOf } from './page-route';

/** How long an answer of the API about one session is kept (ms). */
const SESSION_CHECK_TTL_MS = 5000;

/** The session of a request that the API confirmed. */
export interface SessionPlayer {
  user: UserData;
  token: string;
}

interface Check {
  server: string;
  token: string;
  uid: string;
}

/** A cached answer of the API about one session. */
interface Answer {
  user: UserData | null;
  /** The account id the session cookie names. */
  uid: string;
}

/**
 * The session checker of one page server.
 * @param apiBase  the API base of a game server (`http://127.0.0.1:4000/royal`)
 * @param timeoutMs  how long a check may take (ms); past it the visitor is rendered logged out
 */
export function createSessionChecker(apiBase: (server: string) => string, timeoutMs = 1000) {
  /** Epoch ms of the last revocation announced per account (kept as long as an answer lives). */
  const revokedAt = new LRUCache<string, number>({ max: 20_000, ttl: SESSION_CHECK_TTL_MS * 2 });
  const answers = new LRUCache<string, Answer, Check>({
    max: 20_000,
    ttl: SESSION_CHECK_TTL_MS,
    fetchMethod: async (_key, _stale, { context, options }) => {
      const asked = Date.now();
      const res = await fetch(`${apiBase(context.server)}/auth/me`, {
        headers: { Accept: 'application/json', 'X-Auth-Token': context.token, 'X-Auth-Id': context.uid },
        signal: AbortSignal.timeout(timeoutMs),
      });
      // A revocation announced while the API was answering may not be in this answer: use it once, keep it no time.
      if ((revokedAt.get(context.uid) ?? -1) >= asked) options.ttl = 1;
      if (res.ok) return { user: ((await res.json()) as { user: UserData }).user, uid: context.uid };
      // 401 (expired, revoked, unknown) or 400 (a malformed id): logged out, and known to be.
      if (res.status === 401 || res.status === 400) return { user: null, uid: context.uid };
      throw new Error(`auth/me answered ${res.status}`);
    },
  });

  return {
    /** Whether the request carries a session cookie of `server` (only then is the API asked: {@link playerOf}). */
    hasSessionCookie(cookieHeader: string | undefined, server: string): boolean {
      return !!cookieOf(cookieHeader, authCookieNames(server).token);
    },
    /**
     * The logged-in player of a request on `server`, or null (no session, or the API said it is
     * not valid, or could not tell in time).
     */
    async playerOf(cookieHeader: string | undefined, server: string): Promise<SessionPlayer | null> {
      const names = authCookieNames(server);
      const token = cookieOf(cookieHeader, names.token);
      const uid = cookieOf(cookieHeader, names.uid);
      if (!token || !uid) return null;
      const key = createHash('sha256').update(`${server}\n${uid}\n${token}`).digest('base64url');
      try {
        const answer = await answers.fetch(key, { context: { server, token, uid } });
        return answer?.user ? { user: answer.user, token } : null;
      } catch {
        return null; // the API is down or slow: the page is rendered logged out, the browser checks again
      }
    },
    /**
     * A session of account `uid` was revoked (the API's change stream): its cached answers are
     * dropped, so the next page of any of that account's sessions asks the API again.
     */
    forgetAccount(uid: string): void {
      revokedAt.set(uid, Date.now());
      for (const [key, answer] of answers.entries()) if (answer.uid === uid) answers.delete(key);
    },
  };
}

/** The session checker's type (page-handler.ts). */
export type SessionChecker = ReturnType<typeof createSessionChecker>;
