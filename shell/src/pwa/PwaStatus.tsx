import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyInfo, showToast, useLandingStore } from '@landing/shared';
import { currentBottomNotice, useBottomNotice } from '../layout/bottom-notice-state';

/** Toast id of the refresh-available notice (one at a time). */
const REFRESH_TOAST_ID = 'sw-refresh';

function RefreshToast() {
  const { t } = useTranslation('shell');
  return (
    <div className="refresh-toast" data-testid="refresh-available">
      <span>{t('pwa.refreshTitle')}</span>
      <button
        type="button"
        className="ui-btn refresh-toast__btn"
        data-testid="refresh-button"
        onClick={() => void import(/* webpackChunkName: "after-load" */ './register-worker').then((m) => m.applyUpdate())}
      >
        {t('pwa.refresh')}
      </button>
    </div>
  );
}

/** True while the browser reports no network. */
function useOnline(): boolean {
  // Online until the browser says otherwise (the server renders online; hydration matches).
  const [online, setOnline] = useState(true);
  useEffect(() => {
    setOnline(navigator.onLine);
    const on = () => setOnline(true);
    const off = () => setOnline(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  }, []);
  return online;
}

/**
 * Shows the worker's flags (spec §1): refresh-available as a toast with a Refresh button that
 * stays until used, offline-ready once as an info toast after the first-visit notices, and an
 * "offline" badge while the network is gone (saved pages keep working).
 */
export function PwaStatus() {
  const { t } = useTranslation('shell');
  const refreshAvailable = useLandingStore((s) => s.pwa.refreshAvailable);
  const offlineReady = useLandingStore((s) => s.pwa.offlineReady);
  const online = useOnline();

  useEffect(() => {
    if (!refreshAvailable) return;
    showToast(<RefreshToast />, { toastId: REFRESH_TOAST_ID, autoClose: false, closeOnClick: false, draggable: false, type: 'info' });
  }, [refreshAvailable]);

  // Once, and only when no bottom notice (cookie banner, age notice) is up: a first visit on a
  // phone shows one message at a time.
  const bottomNotice = useBottomNotice();
  const offlineToastShown = useRef(false);
  useEffect(() => {
    if (!offlineReady || bottomNotice || currentBottomNotice() || offlineToastShown.current) return;
    offlineToastShown.current = true;
    notifyInfo(t('pwa.offlineReady'), { toastId: 'sw-offline-ready' });
  }, [offlineReady, bottomNotice, t]);

  if (online) return null;
  return (
    <p className="offline-badge ui-tint" role="status" data-testid="offline-badge">
      {t('pwa.offline')}
    </p>
  );
}
