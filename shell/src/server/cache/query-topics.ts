/**
 * Which content of the API's change stream a rendered page shows, from the queries its render
 * made (the page cache drops the page when one of them changes: page-cache.ts).
 */
import { CONTENT_TOPICS, type ContentTopic } from './page-cache';

/** Which content topics each query (by the first part of its key) reads. */
const QUERY_TOPICS: Record<string, ContentTopic[]> = {
  landing: ['core'],
  servers: ['core'],
  newsletter: ['core'],
  auth: ['core'],
  stats: ['leaderboard'],
  leaderboard: ['leaderboard'],
  news: ['news', 'leaderboard'],
  bets: ['bets', 'leaderboard', 'core'],
};

/** The topics of a render's queries (always `core`); a query of an unknown kind counts as every topic. */
export function topicsOf(queryKeys: ReadonlyArray<readonly unknown[]>): ContentTopic[] {
  const topics = new Set<ContentTopic>(['core']);
  for (const key of queryKeys) for (const t of QUERY_TOPICS[String(key[0])] ?? CONTENT_TOPICS) topics.add(t);
  return [...topics];
}
