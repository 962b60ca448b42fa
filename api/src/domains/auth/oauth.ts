/**
 * OAuth 2.0 authorization-code client for the social logins (spec §7): authorize URL with
 * `state` (and a PKCE S256 challenge where the provider supports it), code exchange at the token
 * endpoint (grant_type authorization_code, client secret in the body), and the userinfo call.
 * Endpoints come from the configuration (src/domains/auth/config.ts), so tests and local runs point
 * at a local provider (oauth2-mock-server).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { OAuthProviderConfig } from './config.js';

/** A PKCE verifier (RFC 7636: 43–128 characters) and its S256 challenge. */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(48).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** The provider's authorization URL for the popup. */
export function authorizeUrl(
  p: OAuthProviderConfig,
  o: { state: string; redirectUri: string; codeChallenge?: string | undefined },
): string {
  const url = new URL(p.authorizeUrl);
  url.searchParams.set('client_id', p.clientId);
  url.searchParams.set('redirect_uri', o.redirectUri);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', p.scope);
  url.searchParams.set('state', o.state);
  if (o.codeChallenge) {
    url.searchParams.set('code_challenge', o.codeChallenge);
    url.searchParams.set('code_challenge_method', 'S256');
  }
  if (p.id === 'google') url.searchParams.set('prompt', 'select_account');
  return url.toString();
}

/** The provider's user as far as the landing needs it. */
export interface ProviderUser {
  /** Stable user id at the provider (`sub`, or `id` for Facebook/VK). */
  subject: string;
  email: string | null;
  /**
   * Whether the provider vouches for the e-mail: only when its userinfo says `email_verified: true`
   * (Google, the local provider). Facebook's and VK's userinfo say nothing about it, so their
   * e-mails are not verified: they never link an account, nor become a new account's address.
   */
  emailVerified: boolean;
  name: string | null;
}

class OAuthError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OAuthError';
  }
}

const TIMEOUT_MS = 10_000;

async function readJson(res: Response, what: string): Promise<Record<string, unknown>> {
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    // Some providers answer the token endpoint form-encoded.
    body = Object.fromEntries(new URLSearchParams(text));
  }
  if (!res.ok) throw new OAuthError(`${what} answered ${res.status}: ${text.slice(0, 300)}`);
  if (!body || typeof body !== 'object') throw new OAuthError(`${what} answered no object`);
  return body as Record<string, unknown>;
}

/** Exchanges the authorization code for an access token. */
export async function exchangeCode(
  p: OAuthProviderConfig,
  o: { code: string; redirectUri: string; codeVerifier?: string | null },
): Promise<string> {
  const form = new URLSearchParams({
    grant_type: 'authorization_code',
    code: o.code,
    redirect_uri: o.redirectUri,
    client_id: p.clientId,
    client_secret: p.clientSecret,
  });
  if (o.codeVerifier) form.set('code_verifier', o.codeVerifier);
  const res = await fetch(p.tokenUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
    body: form,
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const body = await readJson(res, 'token endpoint');
  const token = body.access_token;
  if (typeof token !== 'string' || !token) throw new OAuthError('token endpoint gave no access_token');
  return token;
}

/** Reads the user from the userinfo endpoint with the access token. */
export async function fetchUser(p: OAuthProviderConfig, accessToken: string): Promise<ProviderUser> {
  const res = await fetch(p.userinfoUrl, {
    headers: { Authorization: `Bearer ${accessToken}`, Accept: 'application/json' },
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const raw = await readJson(res, 'userinfo endpoint');
  // VK ID wraps the user in `user`.
  const info = (raw.user && typeof raw.user === 'object' ? raw.user : raw) as Record<string, unknown>;
  const subjectRaw = info.sub ?? info.id ?? info.user_id;
  const subject = typeof subjectRaw === 'string' || typeof subjectRaw === 'number' ? String(subjectRaw) : '';
  if (!subject) throw new OAuthError('userinfo gave no user id');
  const email = typeof info.email === 'string' && info.email.includes('@') ? info.email.trim().toLowerCase() : null;
  const verifiedRaw = info.email_verified;
  const emailVerified = email !== null && (verifiedRaw === true || verifiedRaw === 'true');
  const first = typeof info.first_name === 'string' ? info.first_name : '';
  const last = typeof info.last_name === 'string' ? info.last_name : '';
  const name = typeof info.name === 'string' && info.name.trim() ? info.name.trim() : `${first} ${last}`.trim() || null;
  return { subject, email, emailVerified, name };
}
