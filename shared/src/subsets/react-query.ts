/**
 * The part of @tanstack/react-query that this site's apps use, provided in the browser as the
 * shared `@tanstack/react-query` (how and why: ./README.md). Not provided: infinite
 * queries, `useQueries`, `useIsMutating`/`useMutationState`, prefetch hooks, `HydrationBoundary`, the error-reset
 * boundary, the core's managers and its observers but `QueryObserver`, and `dehydrate` (only the
 * page server dehydrates, with the whole package). The browser loads it on first use
 * (shared/src/data/query-runtime.ts).
 */
export {
  QueryClient,
  QueryClientProvider,
  useQueryClient,
  useQuery,
  useSuspenseQuery,
  useMutation,
  queryOptions,
  keepPreviousData,
  hydrate,
  // The shell's first-render reads follow the cache through it (shared/src/data/query-runtime.ts).
  QueryObserver,
} from '@landing/impl/react-query';
