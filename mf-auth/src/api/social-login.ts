import { useMutation } from '@tanstack/react-query';
import type { ServerCode } from '@landing/shared';
import type { LoginAnswer } from '@landing/domain/schemas/auth';
import type { SocialProvider } from '../lib/providers';
import { socialLogin } from '../lib/social';
import type { WriteOptions } from '../lib/write-options';

/** What a social login's `mutate` takes: the provider and the popup opened inside the click. */
export interface SocialLoginVariables {
  provider: SocialProvider;
  popup: Window | null;
}

/**
 * The popup login of spec §7 ({@link socialLogin}: the API's authorize URL, the provider's
 * consent, then the code exchange) on `server` as a mutation. `options`: the caller's callbacks;
 * `onError` gets a `SocialLoginError` (blocked popup, cancelled, state mismatch) or the API
 * client's error.
 */
export const useSocialLogin = (server: ServerCode, options: WriteOptions<LoginAnswer, SocialLoginVariables> = {}) =>
  useMutation({ ...options, mutationFn: ({ provider, popup }) => socialLogin(server, provider, window, popup) });
