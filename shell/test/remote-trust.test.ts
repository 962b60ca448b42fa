/**
 * @jest-environment node
 *
 * What the page server accepts of remote code (shell/src/server/federation/remote-trust.ts): the transport
 * and origin policy of every fetch, the manifest rules, and the SHA-256 pins of remotes.json.
 */
import { createHash } from 'node:crypto';
import {
  createRemoteTrust,
  isLoopbackHostname,
  sanitizeRemotePins,
  sha256Integrity,
  transportProblem,
} from '../src/server/federation/remote-trust';

const bytes = (text: string) => new TextEncoder().encode(text);
const NEWS = 'https://static.example/mf-news/1.1.0/mf-manifest.json';
const BETS = 'https://cdn.example/mf-bets/1.0.0/mf-manifest.json';
const ENTRY = 'module.exports = { init() {}, get() {} };';
const CHUNK = 'exports.ids = [1];';
const manifest = (metaData: Record<string, unknown> = {}) =>
  bytes(
    JSON.stringify({
      name: 'mf_news',
      metaData: {
        publicPath: 'auto',
        remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' },
        ssrRemoteEntry: { name: 'remoteEntry.js', path: 'server', type: 'commonjs-module' },
        ...metaData,
      },
      exposes: [],
    }),
  );

describe('transport: https, plain http only on loopback', () => {
  test.each(['localhost', 'LOCALHOST', 'app.localhost', '127.0.0.1', '127.8.9.10', '[::1]'])('%s is loopback', (host) => {
    expect(isLoopbackHostname(host)).toBe(true);
  });
  test.each(['example.com', 'localhost.example.com', '10.0.0.5', '192.168.1.2', '[::2]', '0.0.0.0', 'mf-news'])(
    '%s is not loopback',
    (host) => {
      expect(isLoopbackHostname(host)).toBe(false);
    },
  );

  test('https anywhere and http on loopback are fetched; http elsewhere, other schemes and relative URLs are not', () => {
    expect(transportProblem('https://static.example/mf-news/1.0.0/mf-manifest.json')).toBeNull();
    expect(transportProblem('http://localhost:3002/1.0.0/mf-manifest.json')).toBeNull();
    expect(transportProblem('http://127.0.0.1:3002/1.0.0/server/remoteEntry.js')).toBeNull();
    expect(transportProblem('http://static.example/mf-news/1.0.0/mf-manifest.json')).toMatch(/https only/);
    expect(transportProblem('http://10.0.0.5/1.0.0/server/remoteEntry.js')).toMatch(/https only/);
    expect(transportProblem('file:///etc/passwd')).toMatch(/file: is not a remote code URL/);
    expect(transportProblem('data:text/javascript,1')).toMatch(/data: is not/);
    expect(transportProblem('/mf-news/1.0.0/mf-manifest.json')).toMatch(/not an absolute URL/);
  });

  test('a public origin mapped to an internal one (--remote-origin) is exempt: the server never connects to it', () => {
    const trust = createRemoteTrust({ mappedOrigins: ['http://leaderboard.landing.invalid'] });
    const url = 'http://leaderboard.landing.invalid/1.0.0/mf-manifest.json';
    expect(trust.update({ mf_leaderboard: url }, {}).accepted).toEqual({ mf_leaderboard: url });
    expect(trust.fetchProblem('http://leaderboard.landing.invalid/1.0.0/server/remoteEntry.js')).toBeNull();
    expect(trust.fetchProblem('http://other.landing.invalid/1.0.0/server/remoteEntry.js')).toMatch(/https only/);
  });

  test('a remote of remotes.json over plain http outside loopback is refused at registration, the others are kept', () => {
    const trust = createRemoteTrust();
    const { accepted, refused } = trust.update({ mf_news: 'http://static.example/mf-news/1.1.0/mf-manifest.json', mf_bets: BETS }, {});
    expect(accepted).toEqual({ mf_bets: BETS });
    expect(refused.get('mf_news')).toMatch(/https only/);
  });
});

describe('origins: the server fetches only from the origins of remotes.json', () => {
  const trust = createRemoteTrust();
  trust.update({ mf_news: NEWS, mf_bets: BETS }, {});

  test('files on an origin of remotes.json are fetched, whichever remote they belong to', () => {
    expect(trust.fetchProblem('https://static.example/mf-news/1.1.0/server/remoteEntry.js')).toBeNull();
    expect(trust.fetchProblem('https://cdn.example/anything/else.js')).toBeNull();
  });

  test('another origin is refused: another host, another port, another scheme', () => {
    expect(trust.fetchProblem('https://evil.example/mf-news/1.1.0/server/remoteEntry.js')).toMatch(
      /evil\.example is not an origin of remotes\.json/,
    );
    expect(trust.fetchProblem('https://static.example:8443/x.js')).toMatch(/not an origin of remotes\.json/);
    expect(trust.fetchProblem('http://169.254.169.254/latest/meta-data')).toMatch(/https only/);
    expect(trust.fetchProblem('http://localhost:9999/x.js')).toMatch(/not an origin of remotes\.json/);
  });

  test('an origin removed from remotes.json is refused from the next update on', () => {
    const t = createRemoteTrust();
    t.update({ mf_news: NEWS, mf_bets: BETS }, {});
    t.update({ mf_news: NEWS }, {});
    expect(t.fetchProblem('https://cdn.example/mf-bets/1.0.0/server/remoteEntry.js')).toMatch(/not an origin/);
  });
});

describe('manifests: no code, no publicPath elsewhere, a commonjs-module server entry', () => {
  const trust = createRemoteTrust();
  trust.update({ mf_news: NEWS, mf_bets: BETS }, {});

  test('the manifests the builds write pass (publicPath auto)', () => {
    expect(trust.bodyProblem(NEWS, manifest())).toBeNull();
  });

  test('a publicPath or ssrPublicPath on another origin is refused; one on an origin of remotes.json passes', () => {
    expect(trust.bodyProblem(NEWS, manifest({ publicPath: 'https://evil.example/' }))).toMatch(
      /publicPath https:\/\/evil\.example\/ points outside/,
    );
    expect(trust.bodyProblem(NEWS, manifest({ ssrPublicPath: '//evil.example/s/' }))).toMatch(/ssrPublicPath .* points outside/);
    expect(trust.bodyProblem(NEWS, manifest({ publicPath: 'https://cdn.example/mf-news/1.1.0/' }))).toBeNull();
    expect(trust.bodyProblem(NEWS, manifest({ publicPath: '/mf-news/1.1.0/' }))).toBeNull();
  });

  test('getPublicPath (a string the federation runtime runs as code) is refused', () => {
    expect(trust.bodyProblem(NEWS, manifest({ publicPath: undefined, getPublicPath: 'return "https://static.example/"' }))).toMatch(
      /getPublicPath \(code\) is refused/,
    );
  });

  test('a manifest without a server entry, or with another kind of server entry, is refused', () => {
    expect(trust.bodyProblem(NEWS, manifest({ ssrRemoteEntry: undefined }))).toMatch(/names no server entry/);
    expect(trust.bodyProblem(NEWS, manifest({ ssrRemoteEntry: { name: 'remoteEntry.mjs', path: 'server', type: 'module' } }))).toMatch(
      /type module refused/,
    );
    expect(trust.bodyProblem(NEWS, bytes('<html>not json</html>'))).toMatch(/is not JSON/);
  });

  test('the server loads only commonjs-module entries (no browser entry, no ES module run in the server)', () => {
    expect(trust.entryProblem('mf_news', 'https://static.example/mf-news/1.1.0/server/remoteEntry.js', 'commonjs-module')).toBeNull();
    expect(trust.entryProblem('mf_news', 'https://static.example/mf-news/1.1.0/remoteEntry.js', 'global')).toMatch(/type global refused/);
    expect(trust.entryProblem('mf_news', 'https://static.example/mf-news/1.1.0/server/remoteEntry.mjs', 'esm')).toMatch(/type esm refused/);
  });
});

describe('pins: SHA-256 of the server files, from remotes.json integrity', () => {
  const pins = { 'server/remoteEntry.js': sha256Integrity(ENTRY), 'server/chunks/1.0123456789.js': sha256Integrity(CHUNK) };
  const trust = createRemoteTrust();
  trust.update({ mf_news: NEWS, mf_bets: BETS }, { mf_news: pins });
  const file = (path: string) => `https://static.example/mf-news/1.1.0/${path}`;

  test('sha256Integrity is the Subresource Integrity form of the SHA-256', () => {
    expect(sha256Integrity(ENTRY)).toBe(`sha256-${createHash('sha256').update(ENTRY).digest('base64')}`);
  });

  test('the pinned entry and chunk pass as they were built', () => {
    expect(trust.bodyProblem(file('server/remoteEntry.js'), bytes(ENTRY))).toBeNull();
    expect(trust.bodyProblem(file('server/chunks/1.0123456789.js'), bytes(CHUNK))).toBeNull();
    expect(trust.entryProblem('mf_news', file('server/remoteEntry.js'), 'commonjs-module')).toBeNull();
  });

  test('a tampered entry or chunk is refused, naming both digests', () => {
    const tampered = `${ENTRY}\nrequire("child_process").exec("id");`;
    expect(trust.bodyProblem(file('server/remoteEntry.js'), bytes(tampered))).toBe(
      `${file('server/remoteEntry.js')}: integrity mismatch, ${sha256Integrity(tampered)} instead of the pinned ${pins['server/remoteEntry.js']}`,
    );
    expect(trust.bodyProblem(file('server/chunks/1.0123456789.js'), bytes('exports.ids = [2];'))).toMatch(/integrity mismatch/);
  });

  test('a file of a pinned remote that is not pinned is refused, and so is an entry outside its pins', () => {
    expect(trust.bodyProblem(file('server/chunks/9.aaaaaaaaaa.js'), bytes(CHUNK))).toMatch(/not a pinned file of mf_news/);
    expect(trust.entryProblem('mf_news', 'https://static.example/mf-news/1.0.0/server/remoteEntry.js', 'commonjs-module')).toMatch(
      /not one of its pinned files/,
    );
    expect(trust.bodyProblem(NEWS, manifest({ publicPath: 'https://static.example/mf-news/1.0.0/' }))).toMatch(/leaves the pinned folder/);
  });

  test('an unpinned remote is loaded without a digest check (remotes.json without integrity stays valid)', () => {
    expect(trust.pinsOf('mf_bets')).toBeUndefined();
    expect(trust.bodyProblem('https://cdn.example/mf-bets/1.0.0/server/remoteEntry.js', bytes('anything'))).toBeNull();
  });

  test('remotes.json integrity keeps only known remotes, relative paths and sha256 digests', () => {
    const digest = sha256Integrity(ENTRY);
    expect(
      sanitizeRemotePins({
        mf_news: NEWS,
        integrity: {
          mf_news: {
            'server/remoteEntry.js': digest,
            '/etc/passwd': digest,
            'server/../../x.js': digest,
            'server/chunks/1.js': 'sha1-abc',
            'server/chunks/2.js': 42,
          },
          mf_chat: { 'server/remoteEntry.js': digest },
          mf_bets: 'sha256-x',
        },
      }),
    ).toEqual({ mf_news: { 'server/remoteEntry.js': digest } });
    expect(sanitizeRemotePins({ mf_news: NEWS })).toEqual({});
    expect(sanitizeRemotePins(null)).toEqual({});
  });
});
