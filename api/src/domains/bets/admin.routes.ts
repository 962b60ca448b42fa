/**
 * Admin routes of the bets game (`X-Admin-Secret`, src/lib/admin.ts): the bets clock (faked
 * outside production for end-to-end tests) and match results; and the demo results ticker, run
 * once across API processes.
 */
import { z } from 'zod';
import { MAX_CLOCK_OFFSET_MS } from '@landing/domain';
import { ClockBody, ClockState, ResultAnswer, ResultBody } from '@landing/domain/schemas/bets';
import { AdminHeaders, dbIdParam } from '@landing/domain/schemas/common';
import { adminRoutes } from '../../lib/admin.js';
import { defineRoutes } from '../../lib/domain-routes.js';
import { routeOptions } from '../../lib/route-options.js';
import { ApiError } from '../../lib/errors.js';
import { betsNow, clockFakeable, setClockOffset, storedClockOffset } from './clock.js';
import { startBetsDemo } from './demo.js';
import { enterResult } from './results.js';
import { tournamentCodeOfMatch } from './service.js';

export default defineRoutes({
  async root(app) {
    // Once across API processes (src/lib/leader.ts).
    if (app.apiConfig.demoActivity) app.runOnce('bets-results', () => startBetsDemo(app.db, app.log));

    await adminRoutes(app, async (admin) => {
      const clockState = async (): Promise<ClockState> => {
        const fakeable = clockFakeable(admin.apiConfig.nodeEnv);
        const offset = fakeable ? await storedClockOffset(admin.db) : 0;
        return { now: new Date(Date.now() + offset).toISOString(), offset_ms: offset, fakeable };
      };

      admin.get(
        '/admin/bets/clock',
        routeOptions({ tag: 'admin', summary: 'The bets clock', headers: AdminHeaders, answer: ClockState, errors: [401] }),
        clockState,
      );

      admin.post(
        '/admin/bets/clock',
        routeOptions({
          config: { xsrf: false },
          tag: 'admin',
          summary: 'Fake the bets clock (outside production only, for end-to-end tests)',
          body: ClockBody,
          headers: AdminHeaders,
          answer: ClockState,
          errors: [400, 401, 409],
          description:
            'Body `{ now }` sets the clock to that instant, `{ offset_ms }` shifts it, `{ reset: true }` returns to the machine clock. ' +
            'Refused with 409 CLOCK_NOT_FAKEABLE in production.',
        }),
        async (request) => {
          if (!clockFakeable(admin.apiConfig.nodeEnv)) {
            throw new ApiError(409, 'CLOCK_NOT_FAKEABLE', 'The bets clock cannot be changed in production');
          }
          const body = request.body;
          const offset = 'now' in body ? new Date(body.now).getTime() - Date.now() : 'offset_ms' in body ? body.offset_ms : 0;
          if (Math.abs(offset) > MAX_CLOCK_OFFSET_MS) throw new ApiError(400, 'VALIDATION_ERROR', 'The clock may move at most 10 years');
          await setClockOffset(admin.db, Math.round(offset));
          request.log.info({ offset }, 'bets clock set');
          return clockState();
        },
      );

      admin.post(
        '/admin/bets/matches/:matchId/result',
        routeOptions({
          config: { xsrf: false },
          tag: 'admin',
          summary: 'Enter (or correct) the final result of a match and score its predictions',
          params: z.object({ matchId: dbIdParam() }),
          body: ResultBody,
          headers: AdminHeaders,
          answer: ResultAnswer,
          errors: [400, 401, 404, 409],
          description:
            'Score after extra time; `penalties` only for a knockout match drawn after extra time (not scored). ' +
            'Scores every prediction with the tournament rules and rebuilds the cached ranking. ' +
            '409 MATCH_NOT_STARTED before kick-off (bets clock).',
        }),
        async (request) => {
          const now = await betsNow(admin.db, admin.apiConfig.nodeEnv);
          const { matchId } = request.params;
          const { home_score: home, away_score: away, penalties } = request.body;
          const done = await enterResult(admin.db, matchId, { home, away, penalties: penalties ?? null }, now);
          request.log.info({ matchId, home, away, scored: done.scored }, 'bets result entered');
          return { match_id: matchId, tournament: await tournamentCodeOfMatch(admin.db, matchId), scored: done.scored };
        },
      );
    });
  },
});
