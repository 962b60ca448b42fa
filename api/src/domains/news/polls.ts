/**
 * Polls of an article (spec §4 poll states, §5 vote rules, §8 messages): the poll in the
 * request's language with its results, the viewer's ballot, casting a vote.
 */
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import { ovrMayVote, pollEnded, type LocaleCode, type ServerCode } from '@landing/domain';
import type { NewsPoll, VoteAnswer, VoteBody } from '@landing/domain/schemas/news';
import type { Db } from '../../db/client.js';
import { ApiError } from '../../lib/errors.js';
import { serverText } from '../../lib/i18n.js';
import { type CurrentUser } from '../auth/current-user.js';
import {
  newsArticles,
  newsPollBallotOptions,
  newsPollBallots,
  newsPollOptions,
  newsPollOptionTranslations,
  newsPolls,
  newsPollTranslations,
} from './tables.js';

/**
 * Percentages of a poll's options, integers 0..100. A single-choice poll's percentages sum to
 * exactly 100 (largest remainder, ties to the earlier option); a multiple-choice poll gives each
 * option its rounded share of ballots (the sum may exceed 100).
 *
 * @param votes votes per option, in option order
 * @param ballots ballots cast on the poll
 */
export function votePercents(type: 'single' | 'multiple', votes: readonly number[], ballots: number): number[] {
  if (ballots <= 0) return votes.map(() => 0);
  const exact = votes.map((v) => Math.min(100, (v * 100) / ballots));
  const total = votes.reduce((s, v) => s + v, 0);
  if (type !== 'single' || total !== ballots) return exact.map((e) => Math.round(e));
  const floors = exact.map((e) => Math.floor(e));
  let rest = 100 - floors.reduce((s, v) => s + v, 0);
  const order = exact.map((e, i) => ({ i, r: e - Math.floor(e) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of order) {
    if (rest <= 0) break;
    floors[i] = floors[i]! + 1;
    rest--;
  }
  return floors;
}

const pollText = alias(newsPollTranslations, 'poll_text');
const pollEn = alias(newsPollTranslations, 'poll_en');
const optionText = alias(newsPollOptionTranslations, 'option_text');
const optionEn = alias(newsPollOptionTranslations, 'option_en');

/**
 * A poll with its options, vote counts and percentages (computed here, spec §3 votes_percent),
 * the ended flag at `now`, and the viewer's own choice.
 *
 * @param where the poll to load: by article id or by poll id
 * @returns null when there is no such poll
 */
export async function loadPoll(
  db: Db,
  where: { articleId: number } | { pollId: number },
  lang: LocaleCode,
  viewer: CurrentUser | null,
  now = new Date(),
): Promise<NewsPoll | null> {
  const [poll] = await db
    .select({
      id: newsPolls.id,
      type: newsPolls.type,
      limitOvr: newsPolls.limitOvr,
      finishAt: newsPolls.finishAt,
      question: sql<string>`coalesce(${pollText.question}, ${pollEn.question})`,
    })
    .from(newsPolls)
    .innerJoin(pollEn, and(eq(pollEn.pollId, newsPolls.id), eq(pollEn.lang, 'en')))
    .leftJoin(pollText, and(eq(pollText.pollId, newsPolls.id), eq(pollText.lang, lang)))
    .where('articleId' in where ? eq(newsPolls.articleId, where.articleId) : eq(newsPolls.id, where.pollId));
  if (!poll) return null;

  const options = await db
    .select({
      id: newsPollOptions.id,
      answer: sql<string>`coalesce(${optionText.answer}, ${optionEn.answer})`,
      votes: sql<number>`(select count(*)::int from ${newsPollBallotOptions} where ${newsPollBallotOptions.optionId} = ${newsPollOptions.id})`,
    })
    .from(newsPollOptions)
    .innerJoin(optionEn, and(eq(optionEn.optionId, newsPollOptions.id), eq(optionEn.lang, 'en')))
    .leftJoin(optionText, and(eq(optionText.optionId, newsPollOptions.id), eq(optionText.lang, lang)))
    .where(eq(newsPollOptions.pollId, poll.id))
    .orderBy(asc(newsPollOptions.position), asc(newsPollOptions.id));

  const [ballots] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(newsPollBallots)
    .where(eq(newsPollBallots.pollId, poll.id));
  const total = ballots?.n ?? 0;

  const voted = viewer ? await ballotOf(db, poll.id, viewer.playerId) : null;

  const percents = votePercents(
    poll.type,
    options.map((o) => o.votes),
    total,
  );
  return {
    id: poll.id,
    question: poll.question,
    type: poll.type,
    options: options.map((o, i) => ({ id: o.id, answer: o.answer, votes: o.votes, votes_percent: percents[i]! })),
    limit_ovr: poll.limitOvr,
    finish_at: poll.finishAt.toISOString(),
    ended: poll.finishAt.getTime() <= now.getTime(),
    total_votes: total,
    voted_options: voted,
  };
}

/** The options `playerId` chose in poll `pollId` (ascending), null when they have not voted. */
export async function ballotOf(db: Db, pollId: number, playerId: number): Promise<number[] | null> {
  const mine = await db
    .select({ optionId: newsPollBallotOptions.optionId })
    .from(newsPollBallots)
    .innerJoin(newsPollBallotOptions, eq(newsPollBallotOptions.ballotId, newsPollBallots.id))
    .where(and(eq(newsPollBallots.pollId, pollId), eq(newsPollBallots.playerId, playerId)));
  return mine.length ? mine.map((m) => m.optionId).sort((a, b) => a - b) : null;
}

/** 401 message for a visitor (spec §8 wording pattern, the client shows its own translation first). */
const VOTE_LOGIN_MESSAGE = 'Users must be logged in to vote';

/** 422 INVALID_VOTE with a reason (spec §8: the client swallows it after the toast). */
const invalidVote = (message: string): ApiError => new ApiError(422, 'INVALID_VOTE', message);

/**
 * Casts `user`'s ballot in poll `body.questionnaire_id` of `server` (spec §3 vote payload, §4
 * poll states, §5 vote rules): one ballot per player per poll.
 *
 * @param user the viewer on this server (./articles.ts `viewerOn`), null for a visitor
 * @returns the `info` notification in `lang` and the poll after the vote
 * @throws ApiError 401 LOGIN_REQUIRED; 422 INVALID_VOTE when the poll does not exist on this
 *   server, has ended, needs more OVR, the options do not fit it, or the player voted already
 */
export async function castVote(
  db: Db,
  server: ServerCode,
  user: CurrentUser | null,
  body: VoteBody,
  lang: LocaleCode,
  log: FastifyBaseLogger,
): Promise<VoteAnswer> {
  if (!user) throw new ApiError(401, 'LOGIN_REQUIRED', VOTE_LOGIN_MESSAGE);
  const now = new Date();
  const { questionnaire_id: pollId } = body;

  const [poll] = await db
    .select({ id: newsPolls.id, type: newsPolls.type, limitOvr: newsPolls.limitOvr, finishAt: newsPolls.finishAt })
    .from(newsPolls)
    .innerJoin(newsArticles, eq(newsArticles.id, newsPolls.articleId))
    .where(and(eq(newsPolls.id, pollId), eq(newsArticles.server, server), lte(newsArticles.publishedAt, now)));
  if (!poll) throw invalidVote('This poll does not exist');
  if (pollEnded(poll.finishAt, now.getTime())) throw invalidVote('This poll is already closed');
  if (!ovrMayVote(user.ovr, poll.limitOvr)) throw invalidVote(`Only players with minimum ${poll.limitOvr} OVR can vote`);

  const chosen = [...new Set(body.options)];
  if (chosen.length === 0) throw invalidVote('Choose an answer');
  if (poll.type === 'single' && chosen.length !== 1) throw invalidVote('Choose only one answer in this poll');
  const valid = await db
    .select({ id: newsPollOptions.id })
    .from(newsPollOptions)
    .where(and(eq(newsPollOptions.pollId, poll.id), inArray(newsPollOptions.id, chosen)));
  if (valid.length !== chosen.length) throw invalidVote('This answer does not belong to the poll');

  const accepted = await db.transaction(async (tx) => {
    const [ballot] = await tx
      .insert(newsPollBallots)
      .values({ pollId: poll.id, playerId: user.playerId })
      .onConflictDoNothing({ target: [newsPollBallots.pollId, newsPollBallots.playerId] })
      .returning({ id: newsPollBallots.id });
    if (!ballot) return false;
    await tx.insert(newsPollBallotOptions).values(chosen.map((optionId) => ({ ballotId: ballot.id, optionId })));
    return true;
  });
  if (!accepted) throw invalidVote('You have already voted in this poll');
  log.info({ pollId: poll.id, playerId: user.playerId, options: chosen }, 'news poll vote');

  const updated = await loadPoll(db, { pollId: poll.id }, lang, user, now);
  return { info: serverText(lang, 'news', 'voteInfo'), poll: updated! };
}
