/**
 * @jest-environment node
 *
 * `useQueryData` on the page server (shared/src/data/query-runtime.ts): it renders what the
 * request's cache holds; with `suspendOnServer` it suspends until the answer is in, and a failure
 * leaves the nearest Suspense boundary to the browser.
 */
import { Suspense } from 'react';
import { prerender } from 'react-dom/static';
import * as ReactQuery from '@tanstack/react-query';
import { DataProvider, createQueryClient, provideQueryRuntime, useQueryData, type QueryDataOptions } from '../src/data';
import type { QueryClient } from '@tanstack/react-query';

provideQueryRuntime(ReactQuery); // as the page server does

function Show({ options, suspend }: { options: QueryDataOptions<string>; suspend?: boolean }) {
  return <p>{useQueryData(options, { suspendOnServer: suspend }) ?? 'none'}</p>;
}

async function render(client: QueryClient, options: QueryDataOptions<string>, suspend?: boolean): Promise<string> {
  const { prelude } = await prerender(
    <DataProvider client={client}>
      <Suspense fallback={<p>fallback</p>}>
        <Show options={options} suspend={suspend} />
      </Suspense>
    </DataProvider>,
    { onError: () => undefined },
  );
  return new Response(prelude).text();
}

test('renders the prefetched answer; without suspendOnServer a missing one renders none and is not fetched', async () => {
  const client = createQueryClient('server');
  client.setQueryData(['landing', 'royal', 'en'], 'Double XP weekend');
  const queryFn = jest.fn(async () => 'late');
  expect(await render(client, { queryKey: ['landing', 'royal', 'en'], queryFn })).toContain('<p>Double XP weekend</p>');
  expect(await render(client, { queryKey: ['landing', 'royal', 'de'], queryFn })).toContain('<p>none</p>');
  expect(queryFn).not.toHaveBeenCalled();
});

test('with suspendOnServer the render waits for the answer, and a failure leaves the boundary to the browser', async () => {
  const client = createQueryClient('server');
  const html = await render(client, { queryKey: ['stats', 'royal'], queryFn: async () => '12,000 players' }, true);
  expect(html).toContain('<p>12,000 players</p>');
  expect(client.getQueryData(['stats', 'royal'])).toBe('12,000 players');
  const failed = await render(client, { queryKey: ['stats', 'legacy'], queryFn: () => Promise.reject(new Error('API down')) }, true);
  expect(failed).toContain('<p>fallback</p>');
});
