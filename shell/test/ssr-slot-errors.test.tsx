/**
 * @jest-environment node
 *
 * A slot the page server sends as its fallback is counted for the remote and version it belongs
 * to (shell/src/server/render/slot-loader.ts, metrics.ts): a remote that throws while the server
 * renders it (at its top or deep inside), one whose code does not load, and one over the budget,
 * each once, with its reason; an error outside every slot is the shell's.
 */
import { PassThrough } from 'node:stream';
import { Suspense, type ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { CONTRACT_MAJOR, initI18n, type ExposedModuleId } from '@landing/shared';
import { RemoteLoaderContext, RemoteSlot } from '../src/remotes/RemoteSlot';
import type { ServerFederation } from '../src/server/federation/server-federation';
import { slotFallbacks } from '../src/server/http/metrics';
import { recordRenderError, requestLoader, type SlotError } from '../src/server/render/slot-loader';

initI18n('en');

const remotes = { mf_news: 'http://localhost:3002/1.2.0-broken/mf-manifest.json', mf_bets: 'http://localhost:3003/2.0.0/mf-manifest.json' };
const budgetAbort = new Error('SSR budget exceeded');

/** A federation whose loads answer from `modules` (a rejected promise for a failed load, never settling for a slow one). */
function federation(modules: Partial<Record<ExposedModuleId, () => Promise<unknown>>>): ServerFederation {
  return {
    load: (id: ExposedModuleId) => modules[id]?.() ?? Promise.reject(new Error(`${id}: not deployed`)),
    versionOf: () => undefined,
  } as unknown as ServerFederation;
}

/** Renders `tree` as the page server does (onError as render-page.tsx) and returns the slot errors and the HTML. */
async function serverRender(fed: ServerFederation, tree: (slot: (id: ExposedModuleId) => ReactNode) => ReactNode, budgetMs = 2000) {
  const slotErrors: SlotError[] = [];
  const { loader } = requestLoader(fed, performance.now() + budgetMs, slotErrors);
  const slot = (id: ExposedModuleId) => <RemoteSlot id={id} props={{ server: 'royal' } as never} />;
  const html = await new Promise<string>((resolve) => {
    const stream = renderToPipeableStream(<RemoteLoaderContext.Provider value={loader}>{tree(slot)}</RemoteLoaderContext.Provider>, {
      onError: (error, info) => recordRenderError(slotErrors, error, info?.componentStack ?? undefined, budgetAbort),
      onAllReady() {
        let out = '';
        const sink = new PassThrough();
        sink.on('data', (c) => (out += String(c)));
        sink.on('end', () => resolve(out));
        stream.pipe(sink);
      },
    });
  });
  return { slotErrors, html };
}

const exposed =
  (component: () => ReactNode, remote: 'mf_news' | 'mf_bets' = 'mf_news') =>
  () =>
    Promise.resolve({ default: component, contractMajor: CONTRACT_MAJOR[remote] });

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

test('a remote that throws while the server renders it counts for that remote and version, once', async () => {
  function Deep(): ReactNode {
    throw new Error('news list broken\nsecond line');
  }
  const fed = federation({
    'mf_news/NewsList': exposed(() => (
      <section>
        <Deep />
      </section>
    )),
    'mf_bets/BetsPage': exposed(() => <p>bets fine</p>, 'mf_bets'),
  });
  const { slotErrors, html } = await serverRender(fed, (slot) => (
    <>
      {slot('mf_bets/BetsPage')}
      {slot('mf_news/NewsList')}
    </>
  ));
  expect(slotErrors).toEqual([{ slot: 'mf_news/NewsList', reason: 'render', message: 'news list broken' }]);
  expect(slotFallbacks(remotes, slotErrors)).toEqual([{ remote: 'mf_news', version: '1.2.0-broken', reason: 'render' }]);
  expect(html).toContain('bets fine'); // the other slot rendered
  expect(html).toContain('data-slot="mf_news/NewsList"');
});

test('a load failure and a slot over the budget are counted as such, not again as render errors', async () => {
  const fed = federation({
    'mf_news/NewsList': () => Promise.reject(new Error('HTTP 500 for http://localhost:3002/1.2.0-broken/server/remoteEntry.js')),
    'mf_bets/BetsPage': () => new Promise(() => undefined), // never arrives
  });
  const { slotErrors } = await serverRender(
    fed,
    (slot) => (
      <>
        {slot('mf_news/NewsList')}
        {slot('mf_bets/BetsPage')}
      </>
    ),
    50,
  );
  expect(slotErrors).toHaveLength(2);
  expect(slotErrors).toEqual(
    expect.arrayContaining([
      { slot: 'mf_news/NewsList', reason: 'load', message: 'HTTP 500 for http://localhost:3002/1.2.0-broken/server/remoteEntry.js' },
      { slot: 'mf_bets/BetsPage', reason: 'budget', message: 'mf_bets/BetsPage: not loaded within the SSR budget' },
    ]),
  );
  expect(slotFallbacks(remotes, slotErrors)).toEqual(
    expect.arrayContaining([
      { remote: 'mf_news', version: '1.2.0-broken', reason: 'load' },
      { remote: 'mf_bets', version: '2.0.0', reason: 'budget' },
    ]),
  );
});

test("an error outside every slot is the shell's", async () => {
  function ShellPart(): ReactNode {
    throw new Error('shell part broken');
  }
  const { slotErrors } = await serverRender(federation({}), () => (
    <Suspense fallback={<p>later</p>}>
      <ShellPart />
    </Suspense>
  ));
  expect(slotErrors).toEqual([{ slot: null, reason: 'render', message: 'shell part broken' }]);
  expect(slotFallbacks(remotes, slotErrors)).toEqual([{ remote: 'shell', version: 'unknown', reason: 'render' }]);
});
