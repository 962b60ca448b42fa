/**
 * @jest-environment node
 *
 * The page query hook (shared/src/data/index.tsx `usePageQuery`) on the server: a public query
 * suspends the render until its answer is in the request's cache, a per-viewer query or none
 * never runs there, and a failure leaves the nearest Suspense boundary to the browser.
 */
import { Suspense } from 'react';
import { prerender } from 'react-dom/static';
import * as ReactQuery from '@tanstack/react-query';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createQueryClient, provideQueryRuntime, usePageQuery, viewerKey, type PageQueryOptions } from '../src/data';

// The page server provides the TanStack Query it imports (shared/src/data/query-runtime.ts).
provideQueryRuntime(ReactQuery);

function Show({ options }: { options: PageQueryOptions<string> | null }) {
  const query = usePageQuery(options);
  return <p>{query.isPending ? 'pending' : query.isError ? 'error' : query.data}</p>;
}

async function render(client: QueryClient, options: PageQueryOptions<string> | null): Promise<string> {
  const { prelude } = await prerender(
    <QueryClientProvider client={client}>
      <Suspense fallback={<p>fallback</p>}>
        <Show options={options} />
      </Suspense>
    </QueryClientProvider>,
    { onError: () => undefined },
  );
  return new Response(prelude).text();
}

test('a public query suspends until answered: the HTML and the request cache carry the data', async () => {
  const client = createQueryClient('server');
  const queryFn = jest.fn(async () => 'twelve matches');
  const html = await render(client, { queryKey: ['bets', 'matches', 'royal', 'visitor'], queryFn });
  expect(html).toContain('<p>twelve matches</p>');
  expect(client.getQueryData(['bets', 'matches', 'royal', 'visitor'])).toBe('twelve matches');
  expect(queryFn).toHaveBeenCalledTimes(1);
});

test('a per-viewer query and no query never run on the server and render pending', async () => {
  const client = createQueryClient('server');
  const queryFn = jest.fn(async () => 'my predictions');
  const html = await render(client, { queryKey: ['bets', 'matches', 'royal', viewerKey({ id: '7' })], queryFn });
  expect(html).toContain('<p>pending</p>');
  expect(queryFn).not.toHaveBeenCalled();
  expect(await render(client, null)).toContain('<p>pending</p>');
});

test('a failed public query leaves its Suspense boundary to the browser', async () => {
  const client = createQueryClient('server');
  const html = await render(client, { queryKey: ['news', 'list'], queryFn: () => Promise.reject(new Error('API down')) });
  expect(html).toContain('<p>fallback</p>');
  expect(html).not.toContain('<p>error</p>');
});
