import { keepPreviousData, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { IS_SERVER } from '@landing/shared';
import { isArticleKeyOf, type articleQuery } from '../api/fetch-article';

/**
 * The article query: suspends on the server (the HTML carries the article); in the browser it
 * keeps the shown article while only its language or viewer changes, never another article's.
 * @param options {@link articleQuery} of the article
 * @param slug the article's slug (the placeholder is kept only for the same slug)
 */
export function useArticle(options: ReturnType<typeof articleQuery>, slug: string) {
  if (IS_SERVER) return useSuspenseQuery(options); // eslint-disable-line react-hooks/rules-of-hooks -- constant per process
  // eslint-disable-next-line react-hooks/rules-of-hooks -- constant per process
  return useQuery({
    ...options,
    placeholderData: (previous, previousQuery) => (isArticleKeyOf(previousQuery?.queryKey, slug) ? keepPreviousData(previous) : undefined),
  });
}
