/** `POST /votes`: a vote in an article's poll (spec §3 vote payload, §7), through the shared client. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@landing/shared';
import type { VoteAnswer, VoteBody } from '@landing/domain/schemas/news';
import { isArticleKeyOf } from './keys';

/**
 * Posts `{ questionnaire_id, options }`; the mutation function of the poll. Resolves to the
 * answer, or to null when the vote was refused with 422 INVALID_VOTE (swallowed by the shared
 * client after its toast, spec §8); rejects on other errors.
 */
async function postVote({ pollId, options }: { pollId: number; options: number[] }): Promise<VoteAnswer | null> {
  const body: VoteBody = { questionnaire_id: pollId, options };
  const res = await apiClient.post<VoteAnswer>('/votes', body);
  return res.status === 200 ? res.data : null;
}

/**
 * {@link postVote} as a mutation of the poll of article `slug`: after the answer (`onVoted`, null
 * for a refused vote) every cached copy of the article is refetched (spec §4: after a vote the
 * single-news data is refreshed); the mutation stays pending until the active one is in, so the
 * poll shows the new counts, or why the vote was refused, when it stops waiting.
 */
export function usePostVote(slug: string, onVoted?: (answer: VoteAnswer | null) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: postVote,
    onSuccess: async (answer) => {
      onVoted?.(answer);
      await client.invalidateQueries({ predicate: (query) => isArticleKeyOf(query.queryKey, slug) });
    },
  });
}
