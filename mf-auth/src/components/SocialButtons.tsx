import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { queryOptions } from '@tanstack/react-query';
import { AxiosError, type AxiosInstance } from 'axios';
import {
  apiGet,
  landingStore,
  notifyError,
  useApiClient,
  usePageQuery,
  useReadScope,
  type ReadScope,
  type ServerCode,
} from '@landing/shared';
import { deviceChallengeOf, SOCIAL_PROVIDER_NAMES, SOCIAL_PROVIDERS, type ProvidersAnswer, type SocialProvider } from '../lib/api';
import { setDeviceChallenge } from '../lib/deviceChallenge';
import { useCompleteLogin } from '../lib/session';
import { socialLogin, SocialLoginError } from '../lib/social';
import { FacebookIcon, GoogleIcon, VkIcon } from './icons';

const NAMES = SOCIAL_PROVIDER_NAMES;
const ICONS: Record<SocialProvider, ReactNode> = { google: <GoogleIcon />, facebook: <FacebookIcon />, vk: <VkIcon /> };

/** Until the API says otherwise (or when it cannot be asked): Google and Facebook on, VK off. */
const DEFAULT_ENABLED: Record<SocialProvider, boolean> = { google: true, facebook: true, vk: false };

/**
 * Which providers the API has configured on a server (`GET /auth/providers`), as a page query:
 * server-rendered with the join page, asked once per server in the browser. A failure answers the
 * defaults (and is asked again later), so it never takes the register form down.
 */
function providersQuery(api: AxiosInstance, scope: ReadScope) {
  return queryOptions({
    queryKey: ['auth', 'providers', scope.server] as const,
    staleTime: 10 * 60_000,
    queryFn: async ({ signal }): Promise<Record<SocialProvider, boolean>> => {
      try {
        const { providers } = await apiGet<ProvidersAnswer>(api, scope, '/auth/providers', undefined, signal);
        return Object.fromEntries(SOCIAL_PROVIDERS.map((id) => [id, providers.some((x) => x.id === id && x.enabled)])) as Record<
          SocialProvider,
          boolean
        >;
      } catch {
        return DEFAULT_ENABLED;
      }
    },
  });
}

/**
 * Social login buttons (spec §7): Google and Facebook, and the VK icon of the third provider
 * (dimmed while the API has no VK client configured). Each opens the popup login.
 */
export function SocialButtons({ server }: { server: ServerCode }) {
  const { t } = useTranslation('auth');
  const complete = useCompleteLogin(server);
  const enabled = usePageQuery(providersQuery(useApiClient(), useReadScope(server))).data ?? DEFAULT_ENABLED;
  const [busy, setBusy] = useState<SocialProvider | null>(null);

  const start = async (provider: SocialProvider) => {
    if (busy) return;
    setBusy(provider);
    landingStore.getState().setAuthPreferences({ authSocialProvider: provider });
    try {
      complete(await socialLogin(server, provider));
    } catch (err) {
      // An account with this e-mail exists: the two-factor dialog (opened by the shared client)
      // takes the code that links the provider to it.
      const device = deviceChallengeOf(err);
      if (device) {
        setDeviceChallenge({ server, ...device });
        const store = landingStore.getState();
        store.openModal('twoFactorAuth');
        store.closeModal('authForm');
        return;
      }
      if (err instanceof SocialLoginError) {
        const key = err.reason === 'state' ? 'failed' : err.reason;
        if (err.reason === 'cancelled') notifyError(t('social.cancelled', { provider: NAMES[provider] }));
        else notifyError(t(`social.${key}`, { provider: NAMES[provider] }));
      } else if (!(err instanceof AxiosError)) {
        notifyError(t('social.failed', { provider: NAMES[provider] }));
      }
    } finally {
      setBusy(null);
    }
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
            className={`ma-social__btn ma-social__btn--${id}`}
            onClick={() => void start(id)}
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
