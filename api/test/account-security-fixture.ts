/**
 * Shared setup of the account-security API tests: user agents, and a test app with helpers for
 * `GET /auth/me`, session headers, a second session from a trusted device and the security event log.
 */
import assert from 'node:assert/strict';
import { get, post } from './auth-helpers.js';
import { setupTestApp } from './helpers.js';

export const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
export const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

export type Session = { token: string; uid: string };

/**
 * Builds the test app for the enclosing `describe` (a fresh database per file) and returns `t` with
 * `me`, `as` (session headers plus user agent, language, address), `secondSession` and `events`.
 */
export function setupAccountSecurityApp() {
  const t = setupTestApp();

  const me = (s: Session) => get(t.app, '/royal/auth/me', { token: s.token, uid: s.uid });
  const as = (s: Session, extra: { userAgent?: string; lang?: string; ip?: string } = {}) => ({ token: s.token, uid: s.uid, ...extra });
  /** A second session of the account from a trusted device (the activation trusted `device-one`). */
  async function secondSession(a: { nickname: string; password: string }, userAgent = SAFARI_IPHONE): Promise<Session> {
    const res = await post(
      t.app,
      '/royal/auth/login',
      { login: a.nickname, password: a.password, fingerprint: 'device-one' },
      { userAgent },
    );
    assert.equal(res.statusCode, 200, res.body);
    return res.json() as Session;
  }
  const events = async (s: Session) => {
    const res = await get(t.app, '/royal/auth/security-events', as(s));
    assert.equal(res.statusCode, 200, res.body);
    return (res.json() as { events: Array<{ kind: string; detail: Record<string, unknown>; browser: string | null; os: string | null }> })
      .events;
  };
  return { t, me, as, secondSession, events };
}
