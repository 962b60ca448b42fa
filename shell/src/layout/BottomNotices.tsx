import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CONSENT_ALL,
  CONSENT_NECESSARY,
  COOKIE_MAX_AGE_S,
  COOKIES,
  getCookie,
  legalDocumentUrl,
  setCookie,
  useHydrated,
  useLandingStore,
} from '@landing/shared';
import { setBottomNotice } from './bottom-notice-state';

/** localStorage key remembering that the age/language warning was acknowledged. */
export const AGE_NOTICE_KEY = 'landing-age-notice';

function readAgeSeen(): boolean {
  try {
    return localStorage.getItem(AGE_NOTICE_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * Cookie banner (spec §1, §2): shown once; the choice ("all" or "necessary only") is remembered
 * for 365 days in the `cookie_consent` cookie. "Necessary only" also stops ad-pixel events.
 */
export function CookieBanner({ onChoice }: { onChoice: (value: string) => void }) {
  const { t } = useTranslation('shell');
  const lang = useLandingStore((s) => s.serverLangLocale);
  const choose = (value: string) => {
    setCookie(COOKIES.cookieConsent, value, COOKIE_MAX_AGE_S.i18nRedirected);
    onChoice(value);
  };
  return (
    <section className="notice notice--cookies" role="region" aria-labelledby="cookie-title" data-testid="cookie-banner">
      <div className="notice__body">
        <h2 id="cookie-title" className="notice__title">
          {t('cookies.title')}
        </h2>
        <p className="notice__text">
          {t('cookies.text')}{' '}
          <a href={legalDocumentUrl('privacy', lang)} target="_blank" rel="noopener noreferrer">
            {t('cookies.privacy')}
          </a>
        </p>
      </div>
      <div className="notice__actions">
        <button type="button" className="ui-btn ui-btn--ghost" data-testid="cookie-necessary" onClick={() => choose(CONSENT_NECESSARY)}>
          {t('cookies.necessary')}
        </button>
        <button type="button" className="ui-btn" data-testid="cookie-accept" onClick={() => choose(CONSENT_ALL)}>
          {t('cookies.accept')}
        </button>
      </div>
    </section>
  );
}

/** Age / language warning (spec §1 "the copy warns of mild profanity", §2): acknowledged once. */
export function AgeNotice({ onOk }: { onOk: () => void }) {
  const { t } = useTranslation('shell');
  return (
    <section className="notice notice--age" role="region" aria-labelledby="age-title" data-testid="age-notice">
      <span className="notice__badge" aria-hidden="true">
        {t('age.badge')}
      </span>
      <div className="notice__body">
        <h2 id="age-title" className="notice__title">
          {t('age.title')}
        </h2>
        <p className="notice__text">{t('age.text')}</p>
      </div>
      <div className="notice__actions">
        <button
          type="button"
          className="ui-btn"
          data-testid="age-ok"
          onClick={() => {
            try {
              localStorage.setItem(AGE_NOTICE_KEY, '1');
            } catch {
              /* private mode: shown again next visit */
            }
            onOk();
          }}
        >
          {t('age.ok')}
        </button>
      </div>
    </section>
  );
}

/** Install offer (spec §1): shown while the browser's install prompt is captured. */
export function InstallOffer() {
  const { t } = useTranslation('shell');
  return (
    <section className="notice notice--install" role="region" aria-labelledby="install-title" data-testid="install-offer">
      <img className="notice__icon" src="/icons/icon-192.png" alt="" width="48" height="48" />
      <div className="notice__body">
        <h2 id="install-title" className="notice__title">
          {t('pwa.installTitle')}
        </h2>
        <p className="notice__text">{t('pwa.installText')}</p>
      </div>
      <div className="notice__actions">
        <button
          type="button"
          className="ui-btn ui-btn--ghost"
          data-testid="install-later"
          onClick={() => void import('../pwa/install').then((m) => m.dismissInstall())}
        >
          {t('pwa.notNow')}
        </button>
        <button
          type="button"
          className="ui-btn ui-btn--gold"
          data-testid="install-button"
          onClick={() => void import('../pwa/install').then((m) => m.promptInstall())}
        >
          {t('pwa.install')}
        </button>
      </div>
    </section>
  );
}

/**
 * The notices docked at the bottom of the page, one at a time: the cookie banner until a choice
 * is made, then the age/language warning until acknowledged, then the install offer while one is
 * available. The page gets bottom padding of the notice's height so nothing stays hidden under it.
 * The notice on screen is published ({@link setBottomNotice}) so the offline-ready message waits.
 */
export function BottomNotices() {
  const hydrated = useHydrated();
  return hydrated ? <Notices /> : null;
}

/** The notices themselves: they depend on the browser's cookies and storage, so never server-rendered. */
function Notices() {
  const [consent, setConsent] = useState(() => getCookie(COOKIES.cookieConsent));
  const [ageSeen, setAgeSeen] = useState(readAgeSeen);
  const installAvailable = useLandingStore((s) => s.pwa.installAvailable);
  const ref = useRef<HTMLDivElement>(null);

  const kind = !consent ? 'cookies' : !ageSeen ? 'age' : installAvailable ? 'install' : null;
  useLayoutEffect(() => setBottomNotice(kind), [kind]);
  useEffect(() => () => setBottomNotice(null), []);

  useLayoutEffect(() => {
    const el = ref.current;
    const root = document.documentElement;
    if (!el) {
      root.style.removeProperty('--bottom-notice-h');
      return;
    }
    const apply = () => root.style.setProperty('--bottom-notice-h', `${el.offsetHeight + 16}px`);
    apply();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(apply);
    observer.observe(el);
    return () => observer.disconnect();
  }, [kind]);
  useEffect(
    () => () => {
      document.documentElement.style.removeProperty('--bottom-notice-h');
    },
    [],
  );

  if (!kind) return null;
  return (
    <div className="bottom-notices" ref={ref}>
      {kind === 'cookies' ? (
        <CookieBanner onChoice={setConsent} />
      ) : kind === 'age' ? (
        <AgeNotice onOk={() => setAgeSeen(true)} />
      ) : (
        <InstallOffer />
      )}
    </div>
  );
}
