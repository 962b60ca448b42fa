import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AxiosError } from 'axios';
import { landingStore, notifyError, type ServerCode } from '@landing/shared';
import { authApi, SOCIAL_PROVIDERS, type SocialProvider } from '../lib/api';
import { useCompleteLogin } from '../lib/session';
import { socialLogin, SocialLoginError } from '../lib/social';
import { FacebookIcon, GoogleIcon, VkIcon } from './icons';

const NAMES: Record<SocialProvider, string> = { google: 'Google', facebook: 'Facebook', vk: 'VK' };
const ICONS: Record<SocialProvider, ReactNode> = { google: <GoogleIcon />, facebook: <FacebookIcon />, vk: <VkIcon /> };

/** Which providers the API has configured, per server (asked once). */
const enabledCache = new Map<ServerCode, Promise<Record<SocialProvider, boolean>>>();
function enabledProviders(server: ServerCode) {
  let p = enabledCache.get(server);
  if (!p) {
    p = authApi
      .providers(server)
      .then((list) => Object.fromEntries(SOCIAL_PROVIDERS.map((id) => [id, list.some((x) => x.id === id && x.enabled)])) as Record<SocialProvider, boolean>)
      .catch(() => {
        enabledCache.delete(server);
        return { google: true, facebook: true, vk: false };
      });
    enabledCache.set(server, p);
  }
  return p;
}

/**
 * Social login buttons (spec §7): Google and Facebook, and the VK icon of the third provider
 * (dimmed while the API has no VK client configured). Each opens the popup login.
 */
export function SocialButtons({ server }: { server: ServerCode }) {
  const { t } = useTranslation('auth');
  const complete = useCompleteLogin(server);
  const [enabled, setEnabled] = useState<Record<SocialProvider, boolean>>({ google: true, facebook: true, vk: false });
  const [busy, setBusy] = useState<SocialProvider | null>(null);

  useEffect(() => {
    let live = true;
    void enabledProviders(server).then((e) => live && setEnabled(e));
    return () => {
      live = false;
    };
  }, [server]);

  const start = async (provider: SocialProvider) => {
    if (busy) return;
    setBusy(provider);
    landingStore.getState().setAuthPreferences({ authSocialProvider: provider });
    try {
      complete(await socialLogin(server, provider));
    } catch (err) {
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
