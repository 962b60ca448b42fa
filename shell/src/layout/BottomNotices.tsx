import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
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

/** A button of a notice: `primary` is `ui-btn`, `ghost` and `gold` add their modifier. */
interface NoticeAction {
  testId: string;
  label: string;
  look: 'primary' | 'ghost' | 'gold';
  onClick: () => void;
}

/**
 * The frame every bottom notice shares: an optional badge or icon, a titled text and a row of
 * buttons. `kind` is the `notice--*` modifier; the title's id is `${idPrefix}-title`.
 */
function Notice({
  kind,
  idPrefix,
  testId,
  title,
  text,
  lead,
  actions,
}: {
  kind: 'cookies' | 'age' | 'install';
  idPrefix: string;
  testId: string;
  title: string;
  text: ReactNode;
  lead?: ReactNode;
  actions: NoticeAction[];
}) {
  return (
    <section className={`notice notice--${kind}`} role="region" aria-labelledby={`${idPrefix}-title`} data-testid={testId}>
      {lead}
      <div className="notice__body">
        <h2 id={`${idPrefix}-title`} className="notice__title">
          {title}
        </h2>
        <p className="notice__text">{text}</p>
      </div>
      <div className="notice__actions">
        {actions.map((a) => (
          <button
            key={a.testId}
            type="button"
            className={a.look === 'primary' ? 'ui-btn' : `ui-btn ui-btn--${a.look}`}
            data-testid={a.testId}
            onClick={a.onClick}
          >
            {a.label}
          </button>
        ))}
      </div>
    </section>
  );
}

/**
 * Cookie banner (spec §1, §2): shown once; the choice ("all" or "necessary only") is remembered
 * for 365 days in the `cookie_consent` cookie. "Necessary only" also stops ad-pixel events.
 */
function CookieBanner({ onChoice }: { onChoice: (value: string) => void }) {
  const { t } = useTranslation('shell');
  const lang = useLandingStore((s) => s.serverLangLocale);
  const choose = (value: string) => {
    setCookie(COOKIES.cookieConsent, value, COOKIE_MAX_AGE_S.i18nRedirected);
    onChoice(value);
  };
  return (
    <Notice
      kind="cookies"
      idPrefix="cookie"
      testId="cookie-banner"
      title={t('cookies.title')}
      text={
        <>
          {t('cookies.text')}{' '}
          <a href={legalDocumentUrl('privacy', lang)} target="_blank" rel="noopener noreferrer">
            {t('cookies.privacy')}
          </a>
        </>
      }
      actions={[
        { testId: 'cookie-necessary', label: t('cookies.necessary'), look: 'ghost', onClick: () => choose(CONSENT_NECESSARY) },
        { testId: 'cookie-accept', label: t('cookies.accept'), look: 'primary', onClick: () => choose(CONSENT_ALL) },
      ]}
    />
  );
}

/** Age / language warning (spec §1 "the copy warns of mild profanity", §2): acknowledged once. */
function AgeNotice({ onOk }: { onOk: () => void }) {
  const { t } = useTranslation('shell');
  const acknowledge = () => {
    try {
      localStorage.setItem(AGE_NOTICE_KEY, '1');
    } catch {
      /* private mode: shown again next visit */
    }
    onOk();
  };
  return (
    <Notice
      kind="age"
      idPrefix="age"
      testId="age-notice"
      lead={
        <span className="notice__badge" aria-hidden="true">
          {t('age.badge')}
        </span>
      }
      title={t('age.title')}
      text={t('age.text')}
      actions={[{ testId: 'age-ok', label: t('age.ok'), look: 'primary', onClick: acknowledge }]}
    />
  );
}

/** Install offer (spec §1): shown while the browser's install prompt is captured. */
function InstallOffer() {
  const { t } = useTranslation('shell');
  return (
    <Notice
      kind="install"
      idPrefix="install"
      testId="install-offer"
      lead={<img className="notice__icon" src="/icons/icon-192.png" alt="" width="48" height="48" />}
      title={t('pwa.installTitle')}
      text={t('pwa.installText')}
      actions={[
        {
          testId: 'install-later',
          label: t('pwa.notNow'),
          look: 'ghost',
          onClick: () => void import(/* webpackChunkName: "after-load" */ '../pwa/install').then((m) => m.dismissInstall()),
        },
        {
          testId: 'install-button',
          label: t('pwa.install'),
          look: 'gold',
          onClick: () => void import(/* webpackChunkName: "after-load" */ '../pwa/install').then((m) => m.promptInstall()),
        },
      ]}
    />
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
