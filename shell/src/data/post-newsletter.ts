/**
 * `POST /{server}/newsletter` (spec §5 founder sign-up): the mutation function of the founder-pack
 * form's `useMutation`. The body is the domain's `NewsletterBody` (the form validated it); errors
 * are the shared API client's (a translated §8 toast is shown by the client; `ALREADY_SIGNED_UP`
 * and `VALIDATION_ERROR` are also shown on the e-mail field).
 */
import { apiClient } from '@landing/shared';
import type { NewsletterBody } from '@landing/domain/schemas/newsletter';

/** Signs a name and e-mail up; resolves when the API stored it, rejects with the client's AxiosError. */
export async function postNewsletter(body: NewsletterBody): Promise<void> {
  await apiClient.post('/newsletter', body);
}
