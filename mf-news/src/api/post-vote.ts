/** `POST /votes`: a vote in an article's poll (spec §3 vote payload, §7), through the shared client. */
import { apiClient } from '@landing/shared';
import type { VoteAnswer, VoteBody } from '@landing/domain/schemas/news';

/**
 * Posts `{ questionnaire_id, options }`; the mutation function of the poll. Resolves to the
 * answer, or to null when the vote was refused with 422 INVALID_VOTE (swallowed by the shared
 * client after its toast, spec §8); rejects on other errors.
 */
export async function postVote({ pollId, options }: { pollId: number; options: number[] }): Promise<VoteAnswer | null> {
  const body: VoteBody = { questionnaire_id: pollId, options };
  const res = await apiClient.post<VoteAnswer>('/votes', body);
  return res.status === 200 ? res.data : null;
}
