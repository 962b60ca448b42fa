/**
 * The shell's first render reads the page's answers without TanStack Query's code
 * (shared/src/data/query-runtime.ts `useQueryData`): the runtime loads only for data the page did
 * not bring, and from then on the hook follows the browser's query cache.
 */
import { act, render, screen } from '@testing-library/react';
import { QueryClient, dehydrate } from '@tanstack/react-query';
import { browserQueryClientIfMade, seedQueryCache, useQueryData, type QueryDataOptions } from '../src/data';

/** Renders of each {@link Show}, by its key's first part. */
const renders: Record<string, number> = {};

function Show({ options, enabled, keepPrevious }: { options: QueryDataOptions<string>; enabled?: boolean; keepPrevious?: boolean }) {
  const data = useQueryData(options, { enabled, keepPrevious });
  const name = String(options.queryKey[0]);
  renders[name] = (renders[name] ?? 0) + 1;
  return <p data-testid={String(options.queryKey[0])}>{data ?? 'none'}</p>;
}

/** The dehydrated cache of a page that brought `answers` (key JSON → data). */
function pageAnswers(answers: Array<[readonly string[], string]>) {
  const server = new QueryClient();
  for (const [key, data] of answers) server.setQueryData(key, data);
  return dehydrate(server);
}

test('the page’s answers render without the runtime; a missing key loads it, fetches, and the cache drives the data from then on', async () => {
  seedQueryCache(pageAnswers([[['landing', 'royal', 'en'], 'Double XP weekend']]));
  const landingFn = jest.fn(async () => 'fetched landing');
  const serversFn = jest.fn(async () => 'servers');
  const { unmount } = render(
    <>
      <Show options={{ queryKey: ['landing', 'royal', 'en'], queryFn: landingFn }} />
      <Show options={{ queryKey: ['servers', 'royal'], queryFn: serversFn }} enabled={false} />
    </>,
  );
  expect(screen.getByTestId('landing')).toHaveTextContent('Double XP weekend');
  expect(screen.getByTestId('servers')).toHaveTextContent('none');
  await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
  // Everything the render needed was in the page, and the disabled query waits: nothing loaded.
  expect(browserQueryClientIfMade()).toBeNull();
  expect(landingFn).not.toHaveBeenCalled();
  expect(serversFn).not.toHaveBeenCalled();
  unmount();

  // Data the page did not bring: the runtime loads, the query runs, its answer shows.
  const statsFn = jest.fn(async () => '12,000 players');
  renders.landing = 0;
  render(
    <>
      <Show options={{ queryKey: ['landing', 'royal', 'en'], queryFn: landingFn }} />
      <Show options={{ queryKey: ['stats', 'royal'], queryFn: statsFn }} />
    </>,
  );
  expect(await screen.findByText('12,000 players')).toBeInTheDocument();
  const client = browserQueryClientIfMade();
  expect(client).not.toBeNull();
  // The page's answer was taken into the cache and counts as fresh: not fetched again.
  expect(client!.getQueryData(['landing', 'royal', 'en'])).toBe('Double XP weekend');
  expect(landingFn).not.toHaveBeenCalled();
  // The part that read the page's answer was not rendered again when the cache was made (a
  // render would hand new children to the parts below it that have not hydrated yet).
  expect(renders.landing).toBe(1);
  // Another part writing the cache updates the hook.
  act(() => void client!.setQueryData(['landing', 'royal', 'en'], 'Cup final tonight'));
  expect(screen.getByTestId('landing')).toHaveTextContent('Cup final tonight');
});

test('keepPrevious shows the last key’s data while the new key loads', async () => {
  let answer!: (value: string) => void;
  const slow = () => new Promise<string>((resolve) => (answer = resolve));
  const first = { queryKey: ['stats', 'classic'], queryFn: async () => '5,000 players' };
  const { rerender } = render(<Show options={first} keepPrevious />);
  expect(await screen.findByText('5,000 players')).toBeInTheDocument();
  rerender(<Show options={{ queryKey: ['stats', 'legacy'], queryFn: slow }} keepPrevious />);
  expect(screen.getByTestId('stats')).toHaveTextContent('5,000 players');
  await act(async () => answer('7,000 players'));
  expect(screen.getByTestId('stats')).toHaveTextContent('7,000 players');
  rerender(<Show options={{ queryKey: ['stats', 'arena'], queryFn: slow }} />);
  expect(screen.getByTestId('stats')).toHaveTextContent('none');
});
