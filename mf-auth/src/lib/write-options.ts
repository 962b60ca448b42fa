import type { UseMutationOptions } from '@tanstack/react-query';

/**
 * The callbacks a component gives a write's mutation hook in `src/api/` (`onSuccess`, `onError`,
 * `onMutate`…): TanStack Query's mutation options without `mutationFn`, which the hook owns.
 * `TData` is the API's answer, `TVariables` what `mutate` takes.
 */
export type WriteOptions<TData, TVariables> = Omit<UseMutationOptions<TData, Error, TVariables>, 'mutationFn'>;
