/**
 * @jest-environment node
 *
 * Cookie domain of the shared cookies (spec §3, §9): the registrable domain by the Public Suffix
 * List, so multi-label suffixes such as `.com.br` keep the site's own label.
 */
import { cookieDomainFor, publicHostname } from '../src/server/environment/cookie-domain';
import { sharedCookieDomain } from '@landing/shared';

test.each([
  ['www.example.com', '.example.com'],
  ['example.com', '.example.com'],
  ['www.footballteam.com.br', '.footballteam.com.br'],
  ['royal.footballteam.com.br', '.footballteam.com.br'],
  ['www.bbc.co.uk', '.bbc.co.uk'],
  ['WWW.Example.COM.', '.example.com'],
  ['someone.github.io', '.someone.github.io'],
])('%s shares cookies on %s', (host, domain) => {
  expect(cookieDomainFor(host)).toBe(domain);
});

test.each(['localhost', '127.0.0.1', '::1', 'com.br', 'co.uk', 'shell.local', 'landing', ''])('%s: host-only cookies', (host) => {
  expect(cookieDomainFor(host)).toBeUndefined();
});

test('the public origin wins over the Host header; ports and IPv6 brackets are dropped', () => {
  expect(publicHostname('10.0.0.5:3000', 'https://www.footballteam.com.br')).toBe('www.footballteam.com.br');
  expect(publicHostname('www.example.com:8443')).toBe('www.example.com');
  expect(publicHostname('[::1]:3000')).toBe('::1');
});

test('the browser uses the domain the server put in the runtime config; none (host-only) by default', () => {
  expect(sharedCookieDomain({ cookieDomain: '.footballteam.com.br' })).toBe('.footballteam.com.br');
  expect(sharedCookieDomain({})).toBeUndefined();
  // "auto" is resolved by the server; a browser never sends it as a domain attribute.
  expect(sharedCookieDomain({ cookieDomain: 'auto' })).toBeUndefined();
});
