/**
 * `PUT /{server}/bets/matches/{id}/prediction` (api/src/domains/bets/routes.ts) through the shared
 * client, so the spec §7 headers, XSRF and the §8 error catalogue apply.
 */
import { apiClient } from '@landing/shared';
import type { Match, PredictionBody, PredictionResponse } from '@landing/domain/schemas/bets';

/** What {@link putPrediction} sends: the match and the body the API validates (`PredictionBody`). */
export interface PutPrediction {
  matchId: number;
  body: PredictionBody;
}

/**
 * Creates or changes the viewer's prediction of a match (the mutation function of the score form).
 * @returns the updated match
 * @throws the AxiosError of the shared client (401 BET_LOGIN_REQUIRED, 409 MATCH_LOCKED, 400 …)
 */
export async function putPrediction({ matchId, body }: PutPrediction): Promise<Match> {
  const { data } = await apiClient.put<PredictionResponse>(`/bets/matches/${matchId}/prediction`, body);
  return data.match;
}
