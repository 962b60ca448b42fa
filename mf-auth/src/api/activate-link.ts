/**
 * The request an activation page makes once for its e-mailed token (spec §2): activate the
 * account (logs in), confirm a new e-mail, or check a new-password token.
 */
import { useMutation } from '@tanstack/react-query';
import type { ActivationPageProps, ServerCode } from '@landing/shared';
import type { LoginAnswer } from '@landing/domain/schemas/auth';
import type { WriteOptions } from '../lib/write-options';
import { activateAccount } from './activate-account';
import { activateEmail } from './activate-email';
import { checkToken } from './check-token';

/** What the request of each kind answered. */
export type ActivationOutcome =
  { kind: 'account'; answer: LoginAnswer } | { kind: 'email'; email: string } | { kind: 'password'; valid: boolean };

const requests = new Map<string, Promise<ActivationOutcome>>();

/**
 * One request per (server, kind, token): tokens are single use, and React may run an effect
 * twice. A failed request is forgotten so "Try again" asks again.
 * @throws AxiosError of the request (`TOKEN_INVALID` for a used or unknown token)
 */
function activateOnce(server: ServerCode, kind: ActivationPageProps['kind'], token: string): Promise<ActivationOutcome> {
  const key = `${server}:${kind}:${token}`;
  let p = requests.get(key);
  if (!p) {
    p =
      kind === 'account'
        ? activateAccount(server, token).then((answer) => ({ kind, answer }))
        : kind === 'email'
          ? activateEmail(server, token).then((r) => ({ kind, email: r.email }))
          : checkToken(server, 'password', token).then((valid) => ({ kind, valid }));
    p.catch(() => requests.delete(key));
    requests.set(key, p);
  }
  return p;
}

/**
 * {@link activateOnce} of `kind` on `server` as a mutation; `mutate` takes the link's token.
 * `options`: the caller's callbacks.
 */
export const useActivateLink = (
  server: ServerCode,
  kind: ActivationPageProps['kind'],
  options: WriteOptions<ActivationOutcome, string> = {},
) => useMutation({ ...options, mutationFn: (token) => activateOnce(server, kind, token) });
