/**
 * Parts of the browser's tree that use TanStack Query's own hooks (`useMutation`,
 * `useQueryClient`, `usePageQuery`): the shell's first render has no query cache above them
 * (shared/src/data/query-runtime.ts), so such a part loads the runtime with its code and renders
 * inside the browser's query cache. On the page server the request's cache is above them already,
 * and `DataProvider` keeps it.
 */
import { lazy, type ComponentType } from 'react';
import { DataProvider, loadQueryRuntime } from '@landing/shared';

/**
 * `Component` inside the query cache of its tree ({@link DataProvider}); the runtime must be
 * loaded before it renders ({@link lazyWithQueryCache} and the slots' loader do that).
 */
export function withQueryCache<P extends object>(Component: ComponentType<P>): ComponentType<P> {
  function WithQueryCache(props: P) {
    return (
      <DataProvider>
        <Component {...props} />
      </DataProvider>
    );
  }
  WithQueryCache.displayName = `WithQueryCache(${Component.displayName ?? Component.name ?? 'Component'})`;
  return WithQueryCache;
}

/**
 * `React.lazy` of a part that uses TanStack Query: its chunk and the runtime load together, and
 * it renders {@link withQueryCache}.
 * @param load  the part's dynamic import, resolving to its component
 * @throws (to the nearest error boundary) the chunk's or the runtime's load error
 */
export function lazyWithQueryCache<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => {
    const [Component] = await Promise.all([load(), loadQueryRuntime()]);
    return { default: withQueryCache(Component) };
  });
}
