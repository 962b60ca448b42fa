/** The social-login providers (spec §7) as the page shows them. */
import { OAUTH_PROVIDERS, type OAuthProviderId } from '@landing/domain';

export type SocialProvider = OAuthProviderId;
/** Google, Facebook, VK: the order of the buttons. */
export const SOCIAL_PROVIDERS: readonly SocialProvider[] = OAUTH_PROVIDERS;
/** How the providers are named in texts. */
export const SOCIAL_PROVIDER_NAMES: Record<SocialProvider, string> = { google: 'Google', facebook: 'Facebook', vk: 'VK' };
