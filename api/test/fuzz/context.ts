/** Real data for the fuzzer (sessions, slugs, matches, polls) and the reset of side effects between requests. */
import type { FastifyInstance } from 'fastify';
import { createSession } from '../../src/domains/auth/sessions.js';
import { setTechnicalBreak } from '../../src/domains/core/service.js';
import { sqlRows } from '../helpers.js';
import type { FuzzContext, FuzzRoute, OpenApiDoc } from './openapi.js';

/**
 * Collects real data for plausible inputs and opens sessions for the demo accounts.
 * The app must be ready (routes registered) and have an admin secret.
 */
export async function fuzzContext(app: FastifyInstance, options: { sessions?: number } = {}): Promise<FuzzContext> {
  const doc = app.swagger() as unknown as OpenApiDoc;
  const adminSecret = app.apiConfig.adminSecret;
  if (!adminSecret) throw new Error('fuzzContext: build the app with an adminSecret so the admin routes exist');
  const first = await app.inject({ method: 'GET', url: '/royal/csrf' });
  const cookies: Record<string, string> = {};
  for (const c of first.cookies) cookies[c.name] = c.value;
  const token = xsrfTokenOf(cookies);
  const handle = app.dbHandle;
  const accounts = await sqlRows<{ id: number }>(handle, `SELECT id FROM auth_accounts WHERE status = 'active' ORDER BY id LIMIT 3`);
  const sessions: Array<{ token: string; uid: string }> = [];
  for (let i = 0; i < (options.sessions ?? 30) && accounts.length; i++) {
    const s = await createSession(app.db, accounts[i % accounts.length]!.id, { method: 'password', ip: '127.0.0.1', ttlS: 86_400 });
    sessions.push({ token: s.token, uid: s.uid });
  }
  const one = async (sql: string) => (await sqlRows<{ v: unknown }>(handle, sql)).map((r) => r.v);
  const samples: Record<string, unknown[]> = {
    slug: await one(`SELECT slug AS v FROM news_articles WHERE server = 'royal' ORDER BY id LIMIT 3`),
    file: (await one(`SELECT id AS v FROM news_articles WHERE server = 'royal' ORDER BY id LIMIT 2`)).map((id) => `${String(id)}.svg`),
    matchId: await one(`SELECT id AS v FROM bet_matches ORDER BY id LIMIT 3`),
    tournament: await one(`SELECT code AS v FROM bet_tournaments ORDER BY id LIMIT 2`),
    questionnaire_id: await one(`SELECT id AS v FROM news_polls ORDER BY id LIMIT 3`),
    options: (await one(`SELECT id AS v FROM news_poll_options ORDER BY id LIMIT 3`)).map((id) => [id]),
    parent_id: await one(`SELECT id AS v FROM news_comments ORDER BY id LIMIT 2`),
    server: ['royal', 'pl', 'classic', 'en'],
    email: ['fuzz@example.org', 'demo@landing.local', 'FUZZ@Example.ORG'],
    login: ['demo', 'demo@landing.local', 'nobody'],
    nickname: ['Fuzzer', 'demo', 'x'],
    password: ['Demo-Goal-2026', 'Stadium-Night-2026!', 'short'],
    text: ['A fine match report, thank you!', 'ok'],
    name: ['Fuzz Tester', 'F'],
    message: ['Hello, this is a fuzzing message with enough length.'],
    redirectUri: ['http://localhost:3000/auth/google/callback', 'https://evil.example/auth/google/callback'],
    terms: [true],
    home_score: [1, 2],
    away_score: [0, 3],
    to: ['fuzz@example.org'],
  };
  return { doc, adminSecret, xsrf: { cookies, token }, sessions, samples };
}

/** The XSRF header value matching a set of cookies issued by the API. */
function xsrfTokenOf(cookies: Record<string, string>): string {
  const name = Object.keys(cookies).find((n) => /XSRF-TOKEN$/.test(n));
  if (!name) throw new Error(`no XSRF token cookie among ${Object.keys(cookies).join(', ')}`);
  return cookies[name]!;
}

/**
 * Undoes the side effects of fuzzed admin requests that would change every later answer
 * (the technical break answers 503 on purpose).
 */
export async function resetSideEffects(app: FastifyInstance, route: FuzzRoute): Promise<void> {
  if (route.path === '/admin/technical-break' && route.method === 'POST') {
    await sqlRows(app.dbHandle, `DELETE FROM settings WHERE key = 'technical_break'`).catch(async () => {
      for (const s of ['*', ...app.apiConfig.servers]) await setTechnicalBreak(app.db, s, false);
    });
  }
}
