/**
 * Test helpers for component tests of every package (`@landing/shared/testing`, never imported by
 * app code): a fresh query cache per test, without retries, so a failure shows its error state at
 * once and answers never leak from one test into the next.
 */
import type { ReactNode } from 'react';
import * as ReactQuery from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { DataProvider, createQueryClient, provideQueryRuntime } from './data';

// Tests import TanStack Query themselves: no runtime to load (shared/src/data/query-runtime.ts).
provideQueryRuntime(ReactQuery);

/** A browser-kind query cache without retries (failures surface at once). */
export function createTestQueryClient(): QueryClient {
  const client = createQueryClient('browser');
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false }, mutations: { retry: false } });
  return client;
}

/**
 * A `wrapper` for @testing-library's `render`: a fresh query cache around the tree, inside an
 * optional outer wrapper (e.g. a router).
 */
export function withQueryClient(outer?: (props: { children: ReactNode }) => ReactNode, client: QueryClient = createTestQueryClient()) {
  return function QueryWrapper({ children }: { children: ReactNode }) {
    const inner = <DataProvider client={client}>{children}</DataProvider>;
    return outer ? outer({ children: inner }) : inner;
  };
}
