/**
 * `GET /news?page=&per_page=`: a page of the news list (spec §1, §2), through the shared client
 * (spec §7 headers, §8 error catalogue). See api/src/domains/news/ for the server.
 */
import { queryOptions } from '@tanstack/react-query';
import { apiGet, type ReadScope, type ApiClient } from '@landing/shared';
import type { NewsPage } from '@landing/domain/schemas/news';
import { newsKeys } from './keys';

/**
 * Fetches page `page` (1-based) of `perPage` cards in the interface language (the API falls back
 * to English per article). Rejects on any API error (in the browser the client has shown its toast).
 */
function fetchNewsPage(api: ApiClient, scope: ReadScope, page: number, perPage: number, signal?: AbortSignal): Promise<NewsPage> {
  return apiGet<NewsPage>(api, scope, '/news', { page, per_page: perPage }, signal);
}

/** {@link fetchNewsPage} as a query (server-rendered, hydrated in the browser). */
export function newsPageQuery(api: ApiClient, scope: ReadScope, page: number, perPage: number) {
  return queryOptions({
    queryKey: newsKeys.list(scope.server, scope.lang, page, perPage),
    queryFn: ({ signal }) => fetchNewsPage(api, scope, page, perPage, signal),
  });
}
