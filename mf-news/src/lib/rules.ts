/**
 * Client-side rules of comments and polls (spec §4, §5, §6), built on the rule functions of
 * `@landing/domain` (domain/src/rules/news.ts) that the API applies too: these decide what the
 * page offers and which message it shows before anything is sent.
 */
import { commentProblem as domainCommentProblem, ovrMayComment, ovrMayVote, pollEnded } from '@landing/domain';
import type { CommentRules, NewsPoll as PollData } from '@landing/domain/schemas/news';

export { commentLength } from '@landing/domain';

/** The part of the logged-in user the rules need (spec §3 User: ovr). */
export interface RuleUser {
  ovr: number;
}

/**
 * Why voting is not possible:
 * - `closed`: finish_at has passed (or the API says ended) — results only;
 * - `login`: a visitor;
 * - `voted`: the player has voted in this poll already (one ballot per player);
 * - `ovr`: the player's OVR is below `limit_ovr`.
 */
export type PollLock = 'closed' | 'login' | 'voted' | 'ovr';

/**
 * The reason voting is locked, or null when it is enabled (spec §4: logged in, ovr ≥ limit_ovr,
 * not ended). Precedence: closed, login, voted, ovr.
 * @param now epoch ms (default the current time)
 */
export function pollLock(
  poll: Pick<PollData, 'ended' | 'finish_at' | 'limit_ovr'> & { voted_options: readonly number[] | null },
  user: RuleUser | null,
  now: number = Date.now(),
): PollLock | null {
  if (poll.ended || pollEnded(poll.finish_at, now)) return 'closed';
  if (!user) return 'login';
  if (poll.voted_options && poll.voted_options.length > 0) return 'voted';
  if (!ovrMayVote(user.ovr, poll.limit_ovr)) return 'ovr';
  return null;
}

/** Radio buttons for `single`, checkboxes for any other type (spec §3). */
export function isSingleChoice(type: string): boolean {
  return type === 'single';
}

/** Why commenting is not possible: `login` (a visitor) or `ovr` (OVR not above the threshold). */
export type CommentLock = 'login' | 'ovr';

/**
 * The reason commenting is locked, or null (spec §5, §6): a visitor, or a player whose OVR is not
 * higher than `rules.min_ovr`.
 */
export function commentLock(user: RuleUser | null, rules: Pick<CommentRules, 'min_ovr'>): CommentLock | null {
  if (!user) return 'login';
  if (!ovrMayComment(user.ovr, rules.min_ovr)) return 'ovr';
  return null;
}

/** What can be wrong with a comment's text. */
export type CommentProblem = 'tooShort' | 'tooLong';

/**
 * What is wrong with a comment's text, or null: the domain's rule (`@landing/domain`
 * `commentProblem`, the one the API applies: code points of the normalised text) with the
 * server's `comment_rules` (spec §5 minimum length; maximum from the API).
 */
export function commentProblem(text: string, rules: Pick<CommentRules, 'min_length' | 'max_length'>): CommentProblem | null {
  const problem = domainCommentProblem(text, rules);
  return problem === 'COMMENT_TOO_SHORT' ? 'tooShort' : problem === 'COMMENT_TOO_LONG' ? 'tooLong' : null;
}
