/**
 * Shared setup of the social-login API tests: a local OAuth provider (a tiny authorization server)
 * and a test app configured with Google (PKCE) and Facebook (no PKCE) pointing at it.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before } from 'node:test';
import type { OAuthProviderConfig } from '../src/domains/auth/config.js';
import { codeOf, freshIp, lastMail, post } from './auth-helpers.js';
import { setupTestApp } from './helpers.js';

export interface FakeUser {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
}

/** A minimal authorization server: /token checks what a real one checks, /userinfo answers the user of the code. */
class FakeProvider {
  server!: Server;
  url = '';
  /** code → { user, challenge, redirectUri } as "authorized" by the test. */
  codes = new Map<string, { user: FakeUser; challenge?: string; redirectUri: string }>();
  tokens = new Map<string, FakeUser>();
  tokenRequests: Array<Record<string, string>> = [];
  failToken = false;

  async start() {
    this.server = createServer(async (req, res) => {
      const body = await read(req);
      const send = (status: number, json: unknown) => {
        res.writeHead(status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(json));
      };
      if (req.url === '/token' && req.method === 'POST') {
        const form = Object.fromEntries(new URLSearchParams(body));
        this.tokenRequests.push(form);
        const grant = this.codes.get(form.code ?? '');
        if (this.failToken) return send(500, { error: 'server_error' });
        if (form.grant_type !== 'authorization_code' || !grant) return send(400, { error: 'invalid_grant' });
        if (form.client_id !== 'test-client' || form.client_secret !== 'test-secret') return send(401, { error: 'invalid_client' });
        if (form.redirect_uri !== grant.redirectUri) return send(400, { error: 'invalid_grant', error_description: 'redirect_uri' });
        if (grant.challenge) {
          const computed = createHash('sha256')
            .update(form.code_verifier ?? '')
            .digest('base64url');
          if (computed !== grant.challenge) return send(400, { error: 'invalid_grant', error_description: 'pkce' });
        }
        this.codes.delete(form.code!);
        const token = `at-${Math.random().toString(36).slice(2)}`;
        this.tokens.set(token, grant.user);
        return send(200, { access_token: token, token_type: 'Bearer', expires_in: 3600 });
      }
      if (req.url === '/userinfo') {
        const user = this.tokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
        return user ? send(200, user) : send(401, { error: 'invalid_token' });
      }
      send(404, { error: 'not_found' });
    });
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', () => r()));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** What the provider's /authorize page does after the user agrees: a code for the redirect. */
  authorize(authorizeUrl: string, user: FakeUser): { code: string; state: string; redirectUri: string } {
    const u = new URL(authorizeUrl);
    const code = `code-${Math.random().toString(36).slice(2)}`;
    const redirectUri = u.searchParams.get('redirect_uri')!;
    this.codes.set(code, { user, challenge: u.searchParams.get('code_challenge') ?? undefined, redirectUri });
    return { code, state: u.searchParams.get('state')!, redirectUri };
  }
}

function read(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let s = '';
    req.on('data', (c) => (s += c));
    req.on('end', () => resolve(s));
  });
}

/**
 * Starts the fake provider and builds the test app for the enclosing `describe` (a fresh database
 * per file); returns `t`, the provider, the site origin and the helpers `start` (POST …/oauth/:p/start),
 * `socialLogin` (start, authorize at the provider, exchange) and `confirmLink` (the mailed link code).
 */
export function setupOAuthApp() {
  const provider = new FakeProvider();
  const SITE = 'http://localhost:3000';

  before(() => provider.start());
  const t = setupTestApp(async () => {
    const cfg = (id: 'google' | 'facebook', pkce: boolean): OAuthProviderConfig => ({
      id,
      clientId: 'test-client',
      clientSecret: 'test-secret',
      authorizeUrl: `${provider.url}/authorize`,
      tokenUrl: `${provider.url}/token`,
      userinfoUrl: `${provider.url}/userinfo`,
      scope: 'openid email profile',
      pkce,
      mock: false,
    });
    const { loadConfig } = await import('../src/config.js');
    const auth = loadConfig(process.env).auth;
    return {
      config: { auth: { ...auth, allowedOrigins: [SITE], oauth: { google: cfg('google', true), facebook: cfg('facebook', false) } } },
    };
  });
  after(() => {
    provider.server?.close();
  });

  const start = (p: string, redirectUri = `${SITE}/auth/${p}/callback`, server = 'royal') =>
    post(t.app, `/${server}/auth/oauth/${p}/start`, { redirectUri }, { ip: freshIp() });

  async function socialLogin(p: 'google' | 'facebook', user: FakeUser, server = 'royal', fingerprint?: string) {
    const started = await start(p, undefined, server);
    assert.equal(started.statusCode, 200, started.body);
    const { code, state } = provider.authorize(started.json().authorizeUrl, user);
    return post(t.app, `/${server}/auth/${p}`, { code, state, ...(fingerprint ? { fingerprint } : {}) }, { ip: freshIp() });
  }

  /** Sends the code of a 403 link challenge and enters it (as the two-factor dialog does). */
  async function confirmLink(challenge: string, email: string, fingerprint: string) {
    assert.equal((await post(t.app, '/royal/auth/device/send', { challenge })).statusCode, 200);
    const code = codeOf(lastMail(t.app, email));
    return post(t.app, '/royal/auth/device/confirm', { challenge, code, fingerprint }, { ip: freshIp() });
  }

  return { t, provider, SITE, start, socialLogin, confirmLink };
}
