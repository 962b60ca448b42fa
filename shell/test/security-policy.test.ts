/**
 * @jest-environment node
 */
/**
 * Security headers of the page server : what helmet sends with the options of
 * shell/src/server/environment/security-policy.mjs, in production and outside it.
 */
import { createServer, type Server } from 'node:http';
import helmet from 'helmet';
import { securityHeaderOptions } from '../src/server/environment/security-policy.mjs';

const remotes = { mf_news: 'https://news.cdn.example/1.2.0/mf-manifest.json' };
let server: Server | null = null;

/** Headers of one answer of a server using helmet with `config`. */
async function headersFor(config: { production: boolean; trustedRemoteOrigins?: string[]; apiBaseTemplate?: string }) {
  server = createServer((req, res) => {
    helmet(securityHeaderOptions({ config, remotes, path: '/royal' }))(req, res, () => res.end('ok'));
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as { port: number };
  const res = await fetch(`http://127.0.0.1:${port}/royal`);
  await res.text();
  return res.headers;
}

afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

test('production: HSTS, no tester origins in the policy, frame-ancestors none', async () => {
  const headers = await headersFor({
    production: true,
    trustedRemoteOrigins: ['https://qa.example'],
    apiBaseTemplate: 'https://api.example/{server}',
  });
  expect(headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  const csp = headers.get('content-security-policy') ?? '';
  expect(csp).toContain("script-src 'self' https://news.cdn.example");
  expect(csp).not.toMatch(/nonce|unsafe-inline'[^;]*;.*script/);
  expect(csp).not.toContain('qa.example');
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain('connect-src');
  expect(csp).toContain('https://api.example');
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
});

test('outside production: no HSTS (plain http), trusted tester origins may load scripts', async () => {
  const headers = await headersFor({ production: false, trustedRemoteOrigins: ['http://localhost:3702'] });
  expect(headers.get('strict-transport-security')).toBeNull();
  expect(headers.get('content-security-policy')).toContain('http://localhost:3702');
});
