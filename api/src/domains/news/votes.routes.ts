/**
 * Voting in a news poll (spec §3 vote payload, §4 poll states, §5 vote rules, §7 POST /votes).
 * One ballot per player per poll; the rules are enforced (polls.ts `castVote`) whatever the client
 * shows.
 */
import { ServerParams } from '@landing/domain/schemas/common';
import { VoteAnswer, VoteBody } from '@landing/domain/schemas/news';
import { defineRoutes } from '../../lib/domain-routes.js';
import { routeOptions } from '../../lib/route-options.js';
import { perPlayerLimit } from '../auth/current-user.js';
import { viewerOn } from './articles.js';
import { castVote } from './polls.js';

/** Votes per client IP and minute before 429. */
const VOTE_RATE_LIMIT = { max: 30, timeWindow: '1 minute' };
/** Votes per player and minute before 429 (a player votes once per poll). */
export const VOTE_PLAYER_LIMIT = { max: 20, timeWindowMs: 60_000 };

export default defineRoutes({
  async server(app) {
    app.post(
      '/votes',
      {
        preHandler: perPlayerLimit(app, 'vote', VOTE_PLAYER_LIMIT),
        ...routeOptions({
          config: { rateLimit: VOTE_RATE_LIMIT },
          tag: 'news',
          summary: 'Vote in a poll',
          params: ServerParams,
          body: VoteBody,
          answer: VoteAnswer,
          also: [401, 422, 429],
          description:
            'Needs a session (401 LOGIN_REQUIRED). Refused with `422 INVALID_VOTE` (message says why) when the poll ' +
            'does not exist on this server, has ended (`finish_at` passed), the player has less OVR than `limit_ovr`, ' +
            'the options do not fit the poll type or do not belong to the poll, or the player has voted already. ' +
            `429 past ${VOTE_RATE_LIMIT.max} votes a minute from one address or ${VOTE_PLAYER_LIMIT.max} from one player.`,
        }),
      },
      async (request) => {
        const { server } = request.params;
        return castVote(app.db, server, await viewerOn(request, server), request.body, request.ctx.lang, request.log);
      },
    );
  },
});
