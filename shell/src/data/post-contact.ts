/**
 * `POST /{server}/contact` (spec §2 contact modal): the mutation function of the contact form's
 * `useMutation`. The body is the domain's `ContactBody` (the form validated it); errors are the
 * shared API client's (a translated §8 toast is shown by the client).
 */
import { apiClient } from '@landing/shared';
import type { ContactBody } from '@landing/domain/schemas/contact';

/** Sends a contact message; resolves when the API stored it, rejects with the client's AxiosError. */
export async function postContact(body: ContactBody): Promise<void> {
  await apiClient.post('/contact', body);
}
