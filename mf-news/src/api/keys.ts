/**
 * Query keys of mf-news (the remote's query-key factory, docs/ADDING_A_REMOTE.md): every key
 * starts with `news`, then the kind of read, the game server and the content language.
 */
import type { QueryKey } from '@tanstack/react-query';
import type { LocaleCode, ServerCode } from '@landing/shared';

export const newsKeys = {
  /** Every read of the remote. */
  all: ['news'] as const,
  /** One page of the news list. */
  list: (server: ServerCode, lang: LocaleCode, page: number, perPage: number) => ['news', 'list', server, lang, page, perPage] as const,
  /** Article `slug` for every viewer (the prefix a vote invalidates). */
  article: (server: ServerCode, lang: LocaleCode, slug: string) => ['news', 'article', server, lang, slug] as const,
  /** Article `slug` as `viewer` sees it (`<viewerKey>:<ovr>` or `visitor`: their ballot and the rules). */
  articleFor: (server: ServerCode, lang: LocaleCode, slug: string, viewer: string) =>
    ['news', 'article', server, lang, slug, viewer] as const,
};

/** True when `key` is an article query of `slug` in any language or for any viewer. */
export function isArticleKeyOf(key: QueryKey | undefined, slug: string): boolean {
  return Array.isArray(key) && key[0] === 'news' && key[1] === 'article' && key[4] === slug;
}
