/**
 * The poll and the comments of an article (./article-parts.ts, with react-hook-form) as a chunk
 * of their own. NewsArticle loads it when the reader acts in one of them or their own data
 * changes what they show (`HydrateOnVisible` with `when="act"`), and, in a navigation, before it
 * renders them, so they are live at once (docs/PERFORMANCE.md).
 */
import { lazy, type ComponentType } from 'react';
import type { CommentsProps } from './Comments';
import type { PollProps } from './Poll';

type Parts = typeof import('./article-parts');

/** The chunk's module once it has loaded. */
let loaded: Parts | null = null;
let loading: Promise<Parts> | null = null;

/**
 * Loads the chunk (once; a failed load is tried again at the next call).
 * @returns resolves with the module; rejects when the chunk cannot be loaded
 */
export function loadArticleParts(): Promise<Parts> {
  loading ??= import('./article-parts').then((m) => (loaded = m));
  loading.catch(() => (loading = null));
  return loading;
}

/** The parts' components. */
export interface ArticlePartComponents {
  Poll: ComponentType<PollProps>;
  Comments: ComponentType<CommentsProps>;
}

/** {@link loadArticleParts} settled: the module, or null when the chunk could not be loaded. */
let settled: Promise<Parts | null> | null = null;

/**
 * The chunk for a render that waits for it (a navigation): resolves with the module, or with null
 * when it cannot be loaded (offline, and never fetched before). The answer stays until
 * {@link retryArticleParts}, so a render that shows the failure does not load again.
 */
export function settledArticleParts(): Promise<Parts | null> {
  settled ??= loadArticleParts().then(
    (m) => m,
    () => null,
  );
  return settled;
}

/** Forgets a failed load: the next {@link settledArticleParts} tries again. */
export function retryArticleParts(): void {
  settled = null;
}

/** The parts as `lazy` components (the first render of either loads the chunk). */
const lazyParts: ArticlePartComponents = {
  Poll: lazy(() => loadArticleParts().then((m) => ({ default: m.Poll }))),
  Comments: lazy(() => loadArticleParts().then((m) => ({ default: m.Comments }))),
};

/** The parts' components: the loaded ones once the chunk is in, else the `lazy` ones. */
export function articleParts(): ArticlePartComponents {
  return loaded ?? lazyParts;
}
