import './polyfills';
import { apiClient } from '@landing/shared';
import { articleQuery } from '../src/api/fetch-article';
import { article, openPoll } from './helpers';

type Get = (url: string) => Promise<{ status: number; data: unknown }>;

const scope = { server: 'royal', lang: 'en' } as const;
/** Runs the article query's function as TanStack Query would. */
const fetchArticle = (slug: string, viewer: string) =>
  (articleQuery(apiClient, scope, slug, viewer).queryFn as (ctx: { signal: AbortSignal }) => Promise<unknown>)({
    signal: new AbortController().signal,
  }) as Promise<{
    poll: { voted_options: number[] | null } | null;
  } | null>;

beforeEach(() => {
  jest.restoreAllMocks();
});

test("a logged-in viewer's own ballot comes apart from the public article and is merged into its poll", async () => {
  const get: Get = async (url) =>
    url.endsWith('/ballot')
      ? { status: 200, data: { poll_id: 7, voted_options: [72] } }
      : { status: 200, data: article({ poll: openPoll() }) };
  const spy = jest.spyOn(apiClient, 'get').mockImplementation(get as never);
  const answer = await fetchArticle('new-season-kicks-off', '1:80');
  expect(spy).toHaveBeenCalledWith('/news/new-season-kicks-off', expect.anything());
  expect(spy).toHaveBeenCalledWith('/news/new-season-kicks-off/ballot', expect.anything());
  expect(answer?.poll?.voted_options).toEqual([72]);
});

test('a visitor reads only the public (cacheable) article', async () => {
  const spy = jest.spyOn(apiClient, 'get').mockResolvedValue({ status: 200, data: article({ poll: openPoll() }) });
  const answer = await fetchArticle('new-season-kicks-off', 'visitor');
  expect(spy).toHaveBeenCalledTimes(1);
  expect(answer?.poll?.voted_options).toBeNull();
});
