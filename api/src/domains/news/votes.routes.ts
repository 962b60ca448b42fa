/**
 * Voting in a news poll (spec §3 vote payload, §4 poll states, §5 vote rules, §7 POST /votes).
 * One ballot per player per poll; the rules are enforced here whatever the client shows.
 */
import { and, eq, inArray, lte } from 'drizzle-orm';
import { z } from 'zod';
import { newsArticles, newsPollBallotOptions, newsPollBallots, newsPollOptions, newsPolls } from '../db/schema/news.js';
import { ApiError, ErrorBody, errorResponses } from '../lib/errors.js';
import { defineRoutes, ServerParams } from '../lib/http.js';
import { dbId } from '../lib/validation.js';
import type { Lang } from '../servers.js';
import { loadPoll, NewsPoll, viewerOn } from './news.js';

/** 401 message for a visitor (spec §8 wording pattern, the client shows its own translation first). */
export const VOTE_LOGIN_MESSAGE = 'Users must be logged in to vote';

/** The `info` of a successful vote, in the request's language (shown as a notification, spec §7). */
export const VOTE_INFO: Record<Lang, string> = {
  en: 'Thank you! Your vote has been counted.',
  ru: 'Спасибо! Ваш голос учтён.',
  pl: 'Dziękujemy! Twój głos został policzony.',
  br: 'Obrigado! Seu voto foi contabilizado.',
  es: '¡Gracias! Tu voto ha sido contabilizado.',
  it: 'Grazie! Il tuo voto è stato conteggiato.',
  de: 'Danke! Deine Stimme wurde gezählt.',
  fr: 'Merci ! Ton vote a bien été pris en compte.',
  tr: 'Teşekkürler! Oyun sayıldı.',
};

/** 422 INVALID_VOTE with a reason (spec §8: the client swallows it after the toast). */
export const invalidVote = (message: string): ApiError => new ApiError(422, 'INVALID_VOTE', message);

const VoteBody = z.object({
  questionnaire_id: dbId().describe('The poll id (`poll.id` of the article)'),
  options: z.array(dbId()).max(50).describe('Chosen option ids: exactly one for a single poll, one or more for a multiple poll'),
});

const VoteAnswer = z
  .object({
    info: z.string().describe('Message to show as a notification, in the X-Lang language'),
    poll: NewsPoll.describe('The poll after the vote, with updated percentages'),
  })
  .meta({ id: 'VoteAnswer' });

export default defineRoutes({
  domain: 'news-votes',
  async serverRoutes(app) {
    app.post(
      '/votes',
      {
        config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
        schema: {
          tags: ['news'],
          summary: 'Vote in a poll',
          description:
            'Needs a session (401 LOGIN_REQUIRED). Refused with `422 INVALID_VOTE` (message says why) when the poll ' +
            'does not exist on this server, has ended (`finish_at` passed), the player has less OVR than `limit_ovr`, ' +
            'the options do not fit the poll type or do not belong to the poll, or the player has voted already.',
          params: ServerParams,
          body: VoteBody,
          response: { 200: VoteAnswer, 401: ErrorBody, 422: ErrorBody, 429: ErrorBody, ...errorResponses },
        },
      },
      async (request) => {
        const { server } = request.params;
        const user = await viewerOn(request, server);
        if (!user) throw new ApiError(401, 'LOGIN_REQUIRED', VOTE_LOGIN_MESSAGE);
        const now = new Date();
        const { questionnaire_id: pollId } = request.body;

        const [poll] = await app.db
          .select({ id: newsPolls.id, type: newsPolls.type, limitOvr: newsPolls.limitOvr, finishAt: newsPolls.finishAt })
          .from(newsPolls)
          .innerJoin(newsArticles, eq(newsArticles.id, newsPolls.articleId))
          .where(and(eq(newsPolls.id, pollId), eq(newsArticles.server, server), lte(newsArticles.publishedAt, now)));
        if (!poll) throw invalidVote('This poll does not exist');
        if (poll.finishAt.getTime() <= now.getTime()) throw invalidVote('This poll is already closed');
        if (user.ovr < poll.limitOvr) throw invalidVote(`Only players with minimum ${poll.limitOvr} OVR can vote`);

        const chosen = [...new Set(request.body.options)];
        if (chosen.length === 0) throw invalidVote('Choose an answer');
        if (poll.type === 'single' && chosen.length !== 1) throw invalidVote('Choose only one answer in this poll');
        const valid = await app.db
          .select({ id: newsPollOptions.id })
          .from(newsPollOptions)
          .where(and(eq(newsPollOptions.pollId, poll.id), inArray(newsPollOptions.id, chosen)));
        if (valid.length !== chosen.length) throw invalidVote('This answer does not belong to the poll');

        const accepted = await app.db.transaction(async (tx) => {
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
        request.log.info({ pollId: poll.id, playerId: user.playerId, options: chosen }, 'news poll vote');

        const updated = await loadPoll(app.db, { pollId: poll.id }, request.ctx.lang, user, now);
        return { info: VOTE_INFO[request.ctx.lang], poll: updated! };
      },
    );
  },
});
