import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SocialCallbackProps } from '@landing/shared';
import { CALLBACK_MESSAGE, parseCallback } from '../lib/social';
import '../i18n';

type Status = 'working' | 'done' | 'error' | 'orphan';

/**
 * Return page of the social popup (`/auth/{provider}/callback`, `/auth_callback`, spec §2) on the
 * callback layout: hands `code` / `state` to the window that opened the popup — only to our own
 * origin — and closes. The opener also reads them itself by polling the popup (lib/social.ts).
 */
export function SocialCallback({ provider }: SocialCallbackProps) {
  const { t } = useTranslation('auth');
  const [status, setStatus] = useState<Status>('working');
  const [error, setError] = useState('');

  useEffect(() => {
    const result = parseCallback(window.location.search);
    const opener = window.opener as Window | null;
    if (!opener || opener.closed) {
      setStatus('orphan');
      return;
    }
    try {
      opener.postMessage({ type: CALLBACK_MESSAGE, provider: provider ?? null, ...result }, window.location.origin);
    } catch {
      /* the opener navigated away */
    }
    if (result.error || !result.code) {
      setError(result.error ?? 'no code');
      setStatus('error');
      return;
    }
    setStatus('done');
    const id = setTimeout(() => window.close(), 1500);
    return () => clearTimeout(id);
  }, [provider]);

  return (
    <div className={`ma-callback ma-callback--${status}`} data-testid="social-callback" data-status={status}>
      <p className="ma-callback__text" role="status">
        {status === 'working'
          ? t('social.callbackWorking')
          : status === 'done'
            ? t('social.callbackDone')
            : status === 'error'
              ? t('social.callbackError', { error })
              : t('social.callbackOrphan')}
      </p>
      {status === 'orphan' ? (
        <a className="ui-btn ui-btn--ghost" href="/">
          {t('social.toHome')}
        </a>
      ) : status !== 'working' ? (
        <button type="button" className="ui-btn ui-btn--ghost" onClick={() => window.close()}>
          {t('social.close')}
        </button>
      ) : null}
    </div>
  );
}
