/** How the account page words sessions and security events, in the interface language. */
import { useTranslation } from 'react-i18next';
import type { SecurityEvent } from '@landing/domain/schemas/account';
import { SOCIAL_PROVIDER_NAMES, type SocialProvider } from '../lib/providers';

/** How a session started or a login was made, for people (`password`, `device`, `activation`, `reauth`, `social:<provider>`). */
export function useMethodLabel() {
  const { t } = useTranslation('auth');
  return (method: string | undefined): string => {
    if (!method) return '';
    if (method.startsWith('social:')) {
      const id = method.slice('social:'.length);
      return t('account.method.social', { provider: SOCIAL_PROVIDER_NAMES[id as SocialProvider] ?? id });
    }
    return ['password', 'device', 'activation', 'reauth'].includes(method) ? t(`account.method.${method}`) : method;
  };
}

/** Date and time of an ISO instant in the interface language (medium date, short time). */
export function useDateTime() {
  const { i18n } = useTranslation('auth');
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (iso: string) => format.format(new Date(iso));
}

/** Browser and system of a session or event (`Chrome · Windows`), or "Unknown browser". */
export function useClientLabel() {
  const { t } = useTranslation('auth');
  return (c: { browser: string | null; os: string | null }) => [c.browser, c.os].filter(Boolean).join(' · ') || t('account.unknownDevice');
}

/** The text of a security event (`account.events.<kind>`, with its detail). */
export function useEventLabel() {
  const { t } = useTranslation('auth');
  const method = useMethodLabel();
  return (e: SecurityEvent): string => {
    switch (e.kind) {
      case 'login':
        return t('account.events.login', { method: method(e.detail.method) });
      case 'login_failed':
        return t(e.detail.method === 'reauth' ? 'account.events.login_failed_reauth' : 'account.events.login_failed');
      case 'lockout':
        return t(e.detail.scope === 'account' ? 'account.events.lockout_account' : 'account.events.lockout_ip');
      case 'email_changed':
        return t('account.events.email_changed', { email: e.detail.email ?? '' });
      case 'sessions_revoked':
        return t('account.events.sessions_revoked', { n: e.detail.count ?? 0 });
      default:
        return t(`account.events.${e.kind}`);
    }
  };
}
