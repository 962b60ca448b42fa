/**
 * `GET /news/{slug}/ballot`: the logged-in viewer's own choice in the article's poll (a private
 * answer, apart from the public article that shared caches may keep).
 */
import type { AxiosRequestConfig } from 'axios';
import type { ApiClient } from '@landing/shared';
import type { NewsBallot } from '@landing/domain/schemas/news';

function isBallot(data: unknown): data is NewsBallot {
  return typeof data === 'object' && data !== null && 'poll_id' in data && 'voted_options' in data;
}

/**
 * Fetches the viewer's ballot of article `slug`; resolves to null on any failure or answer that
 * is not a ballot (the poll then shows as not voted; the API still refuses a second vote).
 * @param config the article request's config (base URL, `X-Lang`, `X-Server-Id`, abort signal)
 */
export async function fetchBallot(api: ApiClient, slug: string, config: AxiosRequestConfig): Promise<NewsBallot | null> {
  try {
    const res = await api.get<NewsBallot>(`/news/${encodeURIComponent(slug)}/ballot`, config);
    return res.status === 200 && isBallot(res.data) ? res.data : null;
  } catch {
    return null;
  }
}
