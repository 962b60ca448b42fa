import { normaliseServerRoute, routeValidators } from '../src/routing/normalise';

const base = { rest: '', search: '', production: true };

test('a known server is kept', () => {
  expect(normaliseServerRoute({ ...base, segment: 'royal' })).toEqual({ kind: 'ok', server: 'royal' });
  expect(normaliseServerRoute({ ...base, segment: 'pl' })).toEqual({ kind: 'ok', server: 'pl' });
  expect(normaliseServerRoute({ ...base, segment: 'classic' })).toEqual({ kind: 'ok', server: 'classic' });
});

test.each(['en', 'us', 'ru', 's1'])('legacy code %s redirects to /royal in production', (code) => {
  expect(normaliseServerRoute({ ...base, segment: code })).toEqual({ kind: 'redirect', to: '/royal' });
});

test('partner and ref_id are carried over from query and path (spec §2)', () => {
  expect(normaliseServerRoute({ ...base, segment: 'us', search: '?partner=abc' })).toEqual({ kind: 'redirect', to: '/royal?partner=abc' });
  expect(normaliseServerRoute({ ...base, segment: 's1', rest: '/join/p/abc' })).toEqual({ kind: 'redirect', to: '/royal/join/p/abc' });
  expect(normaliseServerRoute({ ...base, segment: 'ru', search: '?ref_id=77' })).toEqual({ kind: 'redirect', to: '/royal?ref_id=77' });
  expect(normaliseServerRoute({ ...base, segment: 'en', rest: '/join/ref/77' })).toEqual({ kind: 'redirect', to: '/royal/join/ref/77' });
});

test('en is the test server outside production', () => {
  expect(normaliseServerRoute({ ...base, production: false, segment: 'en' })).toEqual({ kind: 'ok', server: 'en' });
});

test('an unknown server goes to the remembered server or royal', () => {
  expect(normaliseServerRoute({ ...base, segment: 'xyz', rest: '/news' })).toEqual({ kind: 'redirect', to: '/royal' });
  expect(normaliseServerRoute({ ...base, segment: 'xyz', lastServer: 'pl' })).toEqual({ kind: 'redirect', to: '/pl' });
  expect(normaliseServerRoute({ ...base, segment: 'xyz', lastServer: 'bogus' })).toEqual({ kind: 'redirect', to: '/royal' });
});

test('upper-case server codes are lower-cased', () => {
  expect(normaliseServerRoute({ ...base, segment: 'ROYAL', rest: '/news' })).toEqual({ kind: 'redirect', to: '/royal/news' });
});

test('route parameter validators', () => {
  expect(routeValidators.page('2')).toBe(true);
  expect(routeValidators.page('0')).toBe(false);
  expect(routeValidators.page('abc')).toBe(false);
  expect(routeValidators.slug('world-cup-news')).toBe(true);
  expect(routeValidators.slug('Bad Slug')).toBe(false);
  expect(routeValidators.token('short')).toBe(false);
  expect(routeValidators.token('a'.repeat(32))).toBe(true);
});
