/**
 * API answers used by the mf-auth component tests. Each one goes through `apiFixture` with the
 * API's own answer schema (`@landing/domain/schemas/auth`, the route schemas of
 * api/src/domains/auth/): a fixture the API could not send fails where it is made.
 */
import { CodeSentAnswer, LoginAnswer, MessageAnswer, ProvidersAnswer, TokenCheckAnswer } from '@landing/domain/schemas/auth';
import { apiFixture } from '@landing/domain/testing';

/** A successful login (activation, log in, new-device code) of `nickname` on Royal. */
export const loginAnswer = (nickname = 'Striker', id = '7'): LoginAnswer =>
  apiFixture(LoginAnswer, {
    token: 't'.repeat(43),
    uid: id,
    expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    user: { id, nickname, email: `${nickname.toLowerCase()}@example.org`, ovr: 40, server: 'royal' },
  });

/** `{ ok: true, message }` (register, recovery, password reset). */
export const messageAnswer = (message: string): MessageAnswer => apiFixture(MessageAnswer, { ok: true, message });

/** `GET /{server}/auth/providers`. */
export const providersAnswer = (providers: ProvidersAnswer['providers']): ProvidersAnswer => apiFixture(ProvidersAnswer, { providers });

/** `POST /{server}/auth/token/check`. */
export const tokenCheckAnswer = (valid: boolean): TokenCheckAnswer => apiFixture(TokenCheckAnswer, { valid });

/** `POST /{server}/auth/device/send`: the code is on its way to the masked address. */
export const codeSentAnswer: CodeSentAnswer = apiFixture(CodeSentAnswer, {
  ok: true,
  message: 'sent',
  email: 'd***@example.org',
  resendAfterS: 30,
  codeTtlS: 600,
});
