/**
 * The browser's telemetry collector (shell/src/telemetry/collector.ts, report.ts): failures are
 * attributed to the remote and version that threw, page views carry the versions of the slots
 * shown, nothing identifies the visitor, web vitals need the visitor's consent, and a page out of
 * the sample sends nothing.
 */
import { endpointOf, framesOf, pagePattern, startCollector } from '../src/telemetry/collector';
import { reportFailure, reportSlot } from '../src/telemetry/report';

jest.mock('../src/remotes/registry', () => ({
  registeredRemotes: () => ({
    mf_news: 'http://localhost:3002/1.1.0/mf-manifest.json',
    mf_leaderboard: 'http://localhost:3004/1.0.0/mf-manifest.json',
  }),
}));

const config = { environment: 'production', apiBaseTemplate: 'http://localhost:4000/{server}' };

/** A collector whose beacons land in `sent` (parsed). */
function collector(options: Partial<Parameters<typeof startCollector>[0]> = {}) {
  const sent: Array<{ url: string; body: Record<string, unknown> }> = [];
  const handle = startCollector({
    config,
    send: (url, body) => {
      sent.push({ url, body: JSON.parse(body) as Record<string, unknown> });
      return true;
    },
    random: () => 0.1,
    location: { pathname: '/royal/news/my-article-slug' },
    ...options,
  });
  return { handle, sent };
}

// jsdom's performance has no User Timing; the collector marks when it runs (`shell:telemetry`).
const mark = jest.fn();
beforeEach(() => {
  mark.mockClear();
  Object.defineProperty(performance, 'mark', { value: mark, configurable: true });
});

afterEach(() => {
  document.cookie = 'cookie_consent=; max-age=0';
});

test('pages are route patterns, never a slug, code or query', () => {
  expect(pagePattern('/')).toBe('/');
  expect(pagePattern('/royal')).toBe('/:server');
  expect(pagePattern('/royal/news')).toBe('/:server/news');
  expect(pagePattern('/royal/news/my-article')).toBe('/:server/news/*');
  expect(pagePattern('/royal/join/ref/12345')).toBe('/:server/join/*');
  expect(pagePattern('/royal/Ünïcode')).toBe('/:server/other');
  expect(pagePattern('/auth/google/callback')).toBe('/auth/*');
});

test('stack frames: script URL without query, line, 0-based column', () => {
  const stack =
    'TypeError: boom\n    at NewsList (http://localhost:3002/1.1.0/assets/12.ab.js?v=1:1:2345)\n    at http://localhost:3000/assets/main.js:3:10';
  expect(framesOf(stack)).toEqual([
    { url: 'http://localhost:3002/1.1.0/assets/12.ab.js', line: 1, column: 2344 },
    { url: 'http://localhost:3000/assets/main.js', line: 3, column: 9 },
  ]);
  expect(endpointOf('http://localhost:4000/{server}')).toBe('http://localhost:4000/telemetry');
  expect(endpointOf('http://localhost:3090/api/{server}')).toBe('http://localhost:3090/api/telemetry');
});

test('a thrown error is attributed to the remote whose version folder holds the script; page views carry the slots shown', () => {
  reportSlot('mf_news');
  const { handle, sent } = collector();
  expect(mark).toHaveBeenCalledWith('shell:telemetry'); // e2e and scripts/bench-telemetry.mjs wait for it
  reportSlot('mf_leaderboard');
  const thrown = new Error('Cannot read properties of undefined (reading items)');
  thrown.stack = `TypeError: ${thrown.message}\n    at a (http://localhost:3002/1.1.0/assets/12.ab.js:1:50)`;
  reportFailure({ kind: 'error', source: 'window', error: thrown });
  reportFailure({ kind: 'error', source: 'window', error: thrown });
  reportFailure({ kind: 'fallback', source: 'slot', remote: 'mf_leaderboard', error: new Error('x') });
  handle!.flush();
  expect(sent).toHaveLength(1);
  expect(sent[0]!.url).toBe('http://localhost:4000/telemetry');
  expect(sent[0]!.body).toEqual({
    v: 1,
    environment: 'production',
    views: [{ page: '/:server/news/*', composition: { shell: expect.any(String), mf_news: '1.1.0', mf_leaderboard: '1.0.0' } }],
    vitals: [],
    events: [
      {
        kind: 'error',
        source: 'window',
        remote: 'mf_news',
        version: '1.1.0',
        message: thrown.message,
        frames: [{ url: 'http://localhost:3002/1.1.0/assets/12.ab.js', line: 1, column: 49 }],
        count: 2,
      },
      { kind: 'fallback', source: 'slot', remote: 'mf_leaderboard', version: '1.0.0', message: 'x', frames: [], count: 1 },
    ],
  });
  // nothing about the visitor: no cookie, no full URL, no user agent
  expect(JSON.stringify(sent)).not.toMatch(/my-article|Mozilla|cookie/i);
  handle!.flush(true);
  expect(sent).toHaveLength(1); // nothing new to send
});

test('web vitals only with the consent to all cookies', async () => {
  const loadVitals = jest.fn(async () => ({
    onLCP: (cb: (m: { value: number }) => void) => cb({ value: 1234.4 }),
    onINP: (cb: (m: { value: number }) => void) => cb({ value: 56 }),
    onCLS: (cb: (m: { value: number }) => void) => cb({ value: 0.01234 }),
  }));
  collector({ loadVitals: loadVitals as never });
  expect(loadVitals).not.toHaveBeenCalled();

  document.cookie = 'cookie_consent=all';
  const { handle, sent } = collector({ loadVitals: loadVitals as never });
  await Promise.resolve();
  await Promise.resolve();
  handle!.flush(true);
  expect(loadVitals).toHaveBeenCalledTimes(1);
  expect(sent[0]!.body.vitals).toEqual([{ page: '/:server/news/*', composition: expect.any(Object), LCP: 1234, INP: 56, CLS: 0.012 }]);
});

test('a page out of the sample sends nothing', () => {
  const { handle, sent } = collector({ random: () => 0.9, config: { ...config, telemetry: { sampleRate: 0.5 } } });
  expect(handle).toBeNull();
  expect(mark).not.toHaveBeenCalled();
  reportFailure({ kind: 'error', source: 'window', error: new Error('lost') });
  expect(sent).toEqual([]);
});
