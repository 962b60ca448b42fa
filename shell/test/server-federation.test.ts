/**
 * @jest-environment node
 *
 * The page server's federation (shell/src/server/federation/server-federation.ts) against remotes served over HTTP:
 * the trust checks of remote-trust.ts sit on the real fetches of the federation runtime. A remote
 * whose server entry differs from its pin, whose manifest points elsewhere, or that is served over
 * plain http outside loopback is not run: the load fails (the slot is sent as its fallback) and the
 * refusal is logged. Each case uses its own version folder (the runtime caches per manifest URL).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createServerFederation, type ServerFederation } from '../src/server/federation/server-federation';
import { sha256Integrity } from '../src/server/federation/remote-trust';

// The SDK's Node script loader imports `path`, `vm` and `module` with a dynamic import(), which
// jest's module sandbox refuses without --experimental-vm-modules. This stand-in does what it does
// for a commonjs-module entry: fetch through the runtime's fetch hook (where the trust checks
// are), then evaluate the text as a CommonJS module.
jest.mock('@module-federation/sdk', () => {
  const actual = jest.requireActual('@module-federation/sdk');
  const vm = jest.requireActual('node:vm');
  return {
    ...actual,
    loadScriptNode: async (
      url: string,
      info: { attrs: { globalName?: string }; loaderHook: { lifecycle: { fetch: { emit: (u: string, i: object) => Promise<Response> } } } },
    ) => {
      const res = await info.loaderHook.lifecycle.fetch.emit(url, {});
      const code = await res.text();
      const module = { exports: {} as Record<string, unknown> };
      new vm.Script(`(function (exports, module) {${code}\n})`).runInThisContext()(module.exports, module);
      const container = (info.attrs.globalName && module.exports[info.attrs.globalName]) || module.exports;
      return ((globalThis as Record<string, unknown>)[info.attrs.globalName ?? url] = container);
    },
  };
});

/** A commonjs-module container like a remote's server build: `get` gives the exposed module. */
const entry = (text: string) =>
  `module.exports = { init: function () {}, get: function (expose) { return Promise.resolve(function () { return { default: ${JSON.stringify(text)} + ' ' + expose, contractMajor: 1 }; }); } };`;
const manifest = (metaData: Record<string, unknown> = {}) =>
  JSON.stringify({
    id: 'mf_news',
    name: 'mf_news',
    metaData: {
      name: 'mf_news',
      globalName: 'mf_news',
      buildInfo: { buildVersion: '1.0.0', buildName: '@landing/mf-news' },
      publicPath: 'auto',
      remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' },
      types: { path: '', name: '', zip: '', api: '' },
      ssrRemoteEntry: { name: 'remoteEntry.js', path: 'server', type: 'commonjs-module' },
      ...metaData,
    },
    shared: [],
    remotes: [],
    exposes: [
      {
        id: 'mf_news:NewsList',
        name: 'NewsList',
        path: './NewsList',
        assets: { js: { sync: [], async: [] }, css: { sync: [], async: [] } },
      },
    ],
  });

/** A static server of `files` (path → body) that records the paths asked for. */
function staticServer(files: Map<string, string>) {
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    requests.push(req.url ?? '');
    const body = files.get(req.url ?? '');
    res.writeHead(body === undefined ? 404 : 200, { 'Content-Type': req.url?.endsWith('.json') ? 'application/json' : 'text/javascript' });
    res.end(body ?? 'not found');
  });
  return {
    requests,
    start: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
      ),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const files = new Map<string, string>();
const remote = staticServer(files);
const elsewhere = staticServer(new Map([['/evil/server/remoteEntry.js', entry('evil')]]));
let origin: string;
let evilOrigin: string;
let federation: ServerFederation;
let errors: jest.SpyInstance;

beforeAll(async () => {
  origin = await remote.start();
  evilOrigin = await elsewhere.start();
  federation = createServerFederation({ retryAfterMs: 0, fetchTimeoutMs: 2000 });
});
afterAll(async () => {
  await remote.stop();
  await elsewhere.stop();
});
beforeEach(() => {
  errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  jest.spyOn(console, 'log').mockImplementation(() => undefined);
  jest.spyOn(console, 'warn').mockImplementation(() => undefined); // the federation runtime's own reports
});
afterEach(() => jest.restoreAllMocks());

/** Publishes a version folder of mf_news; returns its manifest URL. */
function publish(
  version: string,
  { serverEntry = entry(`news ${version}`), meta = {} }: { serverEntry?: string; meta?: Record<string, unknown> } = {},
) {
  files.set(`/${version}/mf-manifest.json`, manifest(meta));
  files.set(`/${version}/server/remoteEntry.js`, serverEntry);
  return `${origin}/${version}/mf-manifest.json`;
}

test('a pinned remote whose server entry matches its pin is loaded', async () => {
  const url = publish('1.0.0');
  federation.sync({ mf_news: url }, { mf_news: { 'server/remoteEntry.js': sha256Integrity(entry('news 1.0.0')) } });
  await expect(federation.load('mf_news/NewsList')).resolves.toMatchObject({ default: 'news 1.0.0 ./NewsList' });
  expect(errors).not.toHaveBeenCalled();
});

test('a tampered server entry is refused before it runs, logged, and the load fails (slot fallback)', async () => {
  const url = publish('1.0.1', { serverEntry: `globalThis.__tamperedRan = true; ${entry('tampered')}` });
  const pinned = sha256Integrity(entry('news 1.0.1'));
  federation.sync({ mf_news: url }, { mf_news: { 'server/remoteEntry.js': pinned } });
  await expect(federation.load('mf_news/NewsList')).rejects.toThrow(/integrity mismatch/);
  expect((globalThis as { __tamperedRan?: boolean }).__tamperedRan).toBeUndefined();
  expect(errors).toHaveBeenCalledWith(
    expect.stringMatching(/^\[remotes\] refused: .*\/1\.0\.1\/server\/remoteEntry\.js: integrity mismatch/),
  );
  expect(federation.failures.at(-1)?.message).toMatch(/integrity mismatch/);
});

test('the same remote is loaded again once remotes.json pins the deployed entry', async () => {
  const tampered = `globalThis.__tamperedRan = true; ${entry('tampered')}`;
  const url = `${origin}/1.0.1/mf-manifest.json`;
  federation.sync({ mf_news: url }, { mf_news: { 'server/remoteEntry.js': sha256Integrity(tampered) } });
  await expect(federation.load('mf_news/NewsList')).resolves.toMatchObject({ default: 'tampered ./NewsList' });
  delete (globalThis as { __tamperedRan?: boolean }).__tamperedRan;
});

test('a manifest whose publicPath points to another origin is refused, and that origin is never asked', async () => {
  const url = publish('1.0.2', { meta: { publicPath: `${evilOrigin}/evil/` } });
  federation.sync({ mf_news: url }, {});
  await expect(federation.load('mf_news/NewsList')).rejects.toThrow(/points outside the origins of remotes\.json/);
  expect(elsewhere.requests).toEqual([]);
  expect(errors).toHaveBeenCalledWith(expect.stringMatching(/^\[remotes\] refused: .*publicPath/));
});

test('a manifest with getPublicPath (code) is refused without running it', async () => {
  const url = publish('1.0.3', { meta: { publicPath: undefined, getPublicPath: 'globalThis.__getPublicPathRan = true; return "/"' } });
  federation.sync({ mf_news: url }, {});
  await expect(federation.load('mf_news/NewsList')).rejects.toThrow(/getPublicPath/);
  expect((globalThis as { __getPublicPathRan?: boolean }).__getPublicPathRan).toBeUndefined();
});

test('a remote over plain http outside loopback is not fetched; the page keeps it for the browser', async () => {
  const url = 'http://static.example/mf-news/1.0.0/mf-manifest.json';
  expect(federation.sync({ mf_news: url }, {})).toEqual({ mf_news: url });
  await expect(federation.load('mf_news/NewsList')).rejects.toThrow(/https only/);
  expect(errors).toHaveBeenCalledWith(expect.stringMatching(/^\[remotes\] refused: .*https only/));
});
