/**
 * Social login (spec §7): popup authorization-code flow for Google and Facebook (and VK, the
 * third provider of the icons, when configured).
 *
 * 1. `POST /{server}/auth/oauth/{provider}/start { redirectUri }` — the API checks the return
 *    address (an allowed origin, path `/auth/{provider}/callback` or `/auth_callback`), stores a
 *    single-use `state` (10 min) with a PKCE verifier, and answers the provider's authorize URL.
 * 2. The popup returns to the site's callback page with `code` and `state`; the opener posts them
 *    to `POST /{server}/auth/{provider} { code, state }` (spec: /auth/google, /auth/facebook).
 * 3. The API uses the state once, exchanges the code (client secret + PKCE verifier), reads the
 *    user, and logs in the account of (server, provider, provider user id), or creates it. When
 *    the provider vouches for an e-mail that an existing account uses, the identity is linked to
 *    that account only after the code mailed to it (403 UNAUTHORIZED_DEVICE with `link`,
 *    social-link.ts).
 */
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { NICKNAME_PATTERN, type LocaleCode, type ServerCode } from '@landing/domain';
import {
  DeviceChallengeBody,
  LoginAnswer,
  OAuthExchangeBody,
  OAuthProvider,
  OAuthStartAnswer,
  OAuthStartBody,
  ProvidersAnswer,
} from '@landing/domain/schemas/auth';
import { ServerParams } from '@landing/domain/schemas/common';
import type { Db } from '../../db/client.js';
import { authAccounts, authOauthIdentities, authOauthStates } from './tables.js';
import { OAUTH_PROVIDERS, type OAuthProviderConfig, type OAuthProviderId } from './config.js';
import { randomToken, sha256 } from './crypto.js';
import { defineAuthRoutes, DeviceChallengeError, floodGuard, maskEmail } from './route-helpers.js';
import { userAgentOf } from './events.js';
import { authError } from './messages.js';
import { authorizeUrl, exchangeCode, fetchUser, pkcePair, type ProviderUser } from './oauth.js';
import { activateAccount, nicknameTaken } from './service.js';
import { createSession } from './sessions.js';
import { xsrfSecretOf } from '../../lib/xsrf.js';
import { PROVIDER_NAMES, startLinkChallenge } from './social-link.js';

const ProviderParams = ServerParams.extend({ provider: OAuthProvider });

/** Whether `uri` is one of our callback pages on an allowed origin. */
export function isAllowedRedirect(uri: string, provider: OAuthProviderId, allowedOrigins: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return false;
  }
  if (url.search || url.hash || url.username || url.password) return false;
  if (!allowedOrigins.includes(url.origin)) return false;
  return url.pathname === `/auth/${provider}/callback` || url.pathname === '/auth_callback';
}

/** A free player name from the provider's name or e-mail (`Jan Kowalski` → `JanKowalski`, `JanKowalski2`, …). */
async function freeNickname(db: Db, server: ServerCode, user: ProviderUser): Promise<string> {
  const source = user.name ?? user.email?.split('@')[0] ?? 'Player';
  let base = source
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}_.-]+/gu, '')
    .slice(0, 16);
  if (base.length < 3) base = `Player${base}`.slice(0, 16);
  for (let i = 0; i < 50; i++) {
    const candidate = i === 0 ? base : `${base}${i < 10 ? i + 1 : Math.floor(Math.random() * 9000) + 1000}`;
    if (!NICKNAME_PATTERN.test(candidate)) continue;
    if (!(await nicknameTaken(db, server, candidate))) return candidate;
  }
  return `Player${randomToken(4)
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 8)}`;
}

/** The account a provider identity (`provider`, `subject`) is linked to on `server`, if any. */
async function identityOf(
  db: Db,
  server: ServerCode,
  provider: OAuthProviderId,
  subject: string,
): Promise<{ accountId: number } | undefined> {
  const [identity] = await db
    .select({ accountId: authOauthIdentities.accountId })
    .from(authOauthIdentities)
    .where(
      and(eq(authOauthIdentities.server, server), eq(authOauthIdentities.provider, provider), eq(authOauthIdentities.subject, subject)),
    );
  return identity;
}

/**
 * The account of a provider user on a server: the one of its identity, or a new one; or
 * `{ link }`: the existing account whose address the provider vouches for, to be linked after
 * the owner's proof (social-link.ts).
 */
async function accountFor(
  db: Db,
  server: ServerCode,
  provider: OAuthProviderId,
  user: ProviderUser,
  lang: LocaleCode,
): Promise<{ accountId: number } | { link: number }> {
  const identity = await identityOf(db, server, provider, user.subject);
  if (identity) return { accountId: identity.accountId };

  if (user.email) {
    const [byEmail] = await db
      .select({ id: authAccounts.id })
      .from(authAccounts)
      .where(and(eq(authAccounts.server, server), eq(authAccounts.email, user.email)));
    // An e-mail the provider vouches for may join an existing account, after the owner's proof.
    if (byEmail && user.emailVerified) return { link: byEmail.id };
    if (byEmail) user = { ...user, email: null };
  }
  const nickname = await freeNickname(db, server, user);
  const [acc] = await db
    .insert(authAccounts)
    .values({
      server,
      nickname,
      email: user.emailVerified ? user.email : null,
      passwordHash: null,
      status: 'pending',
      lang,
      termsAcceptedAt: new Date(),
    })
    .returning({ id: authAccounts.id });
  const accountId = acc!.id;
  await activateAccount(db, accountId);
  await db
    .insert(authOauthIdentities)
    .values({ server, provider, subject: user.subject, accountId, email: user.email })
    .onConflictDoNothing();
  const linked = await identityOf(db, server, provider, user.subject);
  return { accountId: linked?.accountId ?? accountId };
}

export default defineAuthRoutes(async (app, { auth, route }) => {
  const enabled = (id: OAuthProviderId, lang: LocaleCode): OAuthProviderConfig => {
    const p = auth.oauth[id];
    if (!p) throw authError(404, lang, 'OAUTH_PROVIDER_DISABLED');
    return p;
  };

  app.get(
    '/auth/providers',
    route({ summary: 'Social login providers and whether they are available', params: ServerParams, answer: ProvidersAnswer }),
    async () => ({ providers: OAUTH_PROVIDERS.map((id) => ({ id, enabled: !!auth.oauth[id] })) }),
  );

  app.post(
    '/auth/oauth/:provider/start',
    route({
      config: floodGuard(auth.limits.loginRequestsPerIp),
      summary: 'Start a popup social login: stores `state` (+ PKCE) and answers the authorize URL',
      params: ProviderParams,
      body: OAuthStartBody,
      answer: OAuthStartAnswer,
    }),
    async (request) => {
      const { lang } = request.ctx;
      const { server, provider } = request.params;
      const p = enabled(provider, lang);
      if (!isAllowedRedirect(request.body.redirectUri, provider, auth.allowedOrigins)) throw authError(400, lang, 'REDIRECT_URI_INVALID');
      const state = randomToken(32);
      const pkce = p.pkce ? pkcePair() : null;
      await app.db.insert(authOauthStates).values({
        stateHash: sha256(state),
        server,
        provider,
        redirectUri: request.body.redirectUri,
        codeVerifier: pkce?.verifier ?? null,
        expiresAt: new Date(Date.now() + auth.oauthStateTtlS * 1000),
      });
      return { authorizeUrl: authorizeUrl(p, { state, redirectUri: request.body.redirectUri, codeChallenge: pkce?.challenge }), state };
    },
  );

  for (const provider of OAUTH_PROVIDERS) {
    app.post(
      `/auth/${provider}`,
      route({
        config: floodGuard(auth.limits.loginRequestsPerIp),
        summary: `Exchange the ${provider} authorization code (popup login) for a session`,
        params: ServerParams,
        body: OAuthExchangeBody,
        answer: LoginAnswer,
        also: { 403: DeviceChallengeBody },
        description:
          '403 UNAUTHORIZED_DEVICE with `challenge` and `link` when the provider vouches for an e-mail of an existing ' +
          'account without this identity: the code mailed to the account (`/auth/device/send`, `/auth/device/confirm` ' +
          'with the same `fingerprint`) links it and logs in.',
      }),
      async (request) => {
        const { lang } = request.ctx;
        const server = request.params.server;
        const p = enabled(provider, lang);
        // Single use: the state is spent by the first exchange, valid or not.
        const [state] = await app.db
          .update(authOauthStates)
          .set({ usedAt: new Date() })
          .where(
            and(
              eq(authOauthStates.stateHash, sha256(request.body.state)),
              eq(authOauthStates.provider, provider),
              eq(authOauthStates.server, server),
              isNull(authOauthStates.usedAt),
              gt(authOauthStates.expiresAt, sql`now()`),
            ),
          )
          .returning();
        if (!state) throw authError(400, lang, 'OAUTH_STATE_INVALID');
        let user: ProviderUser;
        try {
          const accessToken = await exchangeCode(p, {
            code: request.body.code,
            redirectUri: state.redirectUri,
            codeVerifier: state.codeVerifier,
          });
          user = await fetchUser(p, accessToken);
        } catch (err) {
          request.log.warn({ err, provider }, 'social login failed');
          throw authError(400, lang, 'OAUTH_FAILED');
        }
        const found = await app.db.transaction((tx) => accountFor(tx, server, provider, user, lang));
        const accountId = 'link' in found ? found.link : found.accountId;
        const [acc] = await app.db
          .select({ status: authAccounts.status, email: authAccounts.email })
          .from(authAccounts)
          .where(eq(authAccounts.id, accountId));
        if (acc?.status === 'disabled') throw authError(403, lang, 'ACCOUNT_DISABLED');
        if ('link' in found) {
          // Proof of control first: the code mailed to the account links the identity (social-link.ts).
          const challenge = await startLinkChallenge(app.db, {
            accountId,
            fingerprint: request.body.fingerprint ?? '',
            ip: request.ip,
            ttlS: auth.deviceChallengeTtlS,
            link: { provider, subject: user.subject, email: user.email },
          });
          throw new DeviceChallengeError(lang, challenge, maskEmail(acc?.email ?? null), {
            provider,
            providerName: PROVIDER_NAMES[provider],
          });
        }
        return createSession(app.db, accountId, {
          method: `social:${provider}`,
          ip: request.ip,
          ttlS: auth.sessionTtlS,
          xsrfSecret: xsrfSecretOf(request),
          userAgent: userAgentOf(request),
        });
      },
    );
  }
});
