/**
 * `PUT /{server}/bets/matches/{id}/prediction` (api/src/domains/bets/routes.ts) through the shared
 * client, so the spec §7 headers, XSRF and the §8 error catalogue apply.
 */
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { apiClient, type ServerCode } from '@landing/shared';
import type { Match, MatchesResponse, PredictionBody, PredictionResponse } from '@landing/domain/schemas/bets';
import { betsKeys } from './keys';

/** What {@link putPrediction} sends: the match and the body the API validates (`PredictionBody`). */
interface PutPrediction {
  matchId: number;
  body: PredictionBody;
}

/**
 * Creates or changes the viewer's prediction of a match (the mutation function of the score form).
 * @returns the updated match
 * @throws the AxiosError of the shared client (401 BET_LOGIN_REQUIRED, 409 MATCH_LOCKED, 400 …)
 */
async function putPrediction({ matchId, body }: PutPrediction): Promise<Match> {
  const { data } = await apiClient.put<PredictionResponse>(`/bets/matches/${matchId}/prediction`, body);
  return data.match;
}

/** What the score form does after the API answered (see {@link usePutPrediction}). */
export interface PutPredictionCallbacks {
  /** The prediction is saved: `match` as the API returned it, `body` what was sent. */
  onSaved?: (match: Match, body: PredictionBody) => void;
  /** The API refused it (the AxiosError of the shared client). */
  onFailed?: (error: unknown) => void;
}

/**
 * {@link putPrediction} as a mutation: a saved prediction replaces its match in the cached list
 * (`matchesKey`, so the card shows it at once) and makes every ranking of `server` stale (the
 * viewer's summary and the ranking tab refetch their points).
 * @param matchesKey {@link betsKeys}`.matches` of the list the match is in
 */
export function usePutPrediction(server: ServerCode, matchesKey: QueryKey, { onSaved, onFailed }: PutPredictionCallbacks = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: putPrediction,
    onSuccess: (updated, { body }) => {
      client.setQueryData<MatchesResponse>(matchesKey, (list) =>
        list
          ? { ...list, stages: list.stages.map((b) => ({ ...b, matches: b.matches.map((m) => (m.id === updated.id ? updated : m)) })) }
          : list,
      );
      void client.invalidateQueries({ queryKey: betsKeys.rankings(server) });
      onSaved?.(updated, body);
    },
    onError: (error) => onFailed?.(error),
  });
}
