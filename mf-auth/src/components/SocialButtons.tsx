import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError, landingStore, notifyError, useApiClient, usePageQuery, useReadScope, type ServerCode } from '@landing/shared';
import { DEFAULT_ENABLED, providersQuery } from '../api/fetch-providers';
import { useCompleteLogin } from '../hooks/use-complete-login';
import { useStartTwoFactor } from '../hooks/use-start-two-factor';
import { SOCIAL_PROVIDER_NAMES, SOCIAL_PROVIDERS, type SocialProvider } from '../lib/providers';
import { SocialLoginError } from '../lib/social';
import { openSocialPopup, takeEarlyPopup } from '../lib/social-popup';
import { useSocialLogin } from '../api/social-login';
import { FacebookIcon, GoogleIcon, VkIcon } from './icons';

const NAMES = SOCIAL_PROVIDER_NAMES;
const ICONS: Record<SocialProvider, ReactNode> = { google: <GoogleIcon />, facebook: <FacebookIcon />, vk: <VkIcon /> };

/**
 * Social login buttons (spec §7): Google and Facebook, and the VK icon of the third provider
 * (dimmed while the API has no VK client configured). Each opens the popup login.
 */
export function SocialButtons({ server }: { server: ServerCode }) {
  const { t } = useTranslation('auth');
  const complete = useCompleteLogin(server);
  const enabled = usePageQuery(providersQuery(useApiClient(), useReadScope(server))).data ?? DEFAULT_ENABLED;
  const startTwoFactor = useStartTwoFactor(server);
  const social = useSocialLogin(server, {
    onMutate: ({ provider }) => landingStore.getState().setAuthPreferences({ authSocialProvider: provider }),
    onSuccess: (answer) => complete(answer),
    onError: (err, { provider }) => {
      // An account with this e-mail exists: the two-factor dialog (opened by the shared client)
      // takes the code that links the provider to it.
      if (startTwoFactor(err)) return;
      if (err instanceof SocialLoginError) {
        const key = err.reason === 'state' ? 'failed' : err.reason;
        notifyError(t(`social.${key}`, { provider: NAMES[provider] }));
      } else if (!isApiError(err)) {
        notifyError(t('social.failed', { provider: NAMES[provider] }));
      }
    },
  });
  const busy = social.isPending ? social.variables.provider : null;
  // The popup opens inside the click, before the mutation's first await, so it is not blocked;
  // a click made before this code was in has opened it already (lib/social-popup.ts).
  const start = (provider: SocialProvider) => {
    const early = takeEarlyPopup();
    if (!busy) social.mutate({ provider, popup: early === undefined ? openSocialPopup() : early });
    else early?.close();
  };

  return (
    <div className="ma-social">
      <p className="ma-social__or">
        <span>{t('social.or')}</span>
      </p>
      <div className="ma-social__buttons">
        {SOCIAL_PROVIDERS.map((id) => (
          <button
            key={id}
            type="button"
            className={`ma-social__btn ui-well ma-social__btn--${id}`}
            onClick={() => start(id)}
            disabled={!enabled[id] || busy !== null}
            aria-busy={busy === id}
            title={enabled[id] ? t('social.with', { provider: NAMES[id] }) : t('social.unavailable', { provider: NAMES[id] })}
            aria-label={enabled[id] ? t('social.with', { provider: NAMES[id] }) : t('social.unavailable', { provider: NAMES[id] })}
            data-testid={`social-${id}`}
          >
            {ICONS[id]}
            <span className="ma-social__name">{NAMES[id]}</span>
          </button>
        ))}
      </div>
    </div>
  );
}
