import { use, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  HydrateOnVisible,
  RetryState,
  afterFirstUse,
  findServer,
  gameUrlFor,
  openLogin,
  useHydrated,
  useLandingStore,
  usePageMeta,
  type JoinPageProps,
} from '@landing/shared';
import { rememberRegisterParams } from '../lib/register-params';
import { joinParts, loadJoinParts, retryJoinParts, settledJoinParts } from './join-parts-chunk';
import { openEarlyPopup } from '../lib/social-popup';
import { BallIcon, DevicesIcon, TrendIcon, TrophyIcon, UsersIcon } from './icons';
import '../i18n';

/** A click on a provider's button before its code is in opens the login popup at once (lib/social-popup.ts). */
const openPopupFor = (control: HTMLElement) => {
  if (control.matches('button:enabled')) openEarlyPopup();
};

const PERKS: Array<{ key: string; icon: ReactNode }> = [
  { key: 'join.perkTrain', icon: <TrendIcon /> },
  { key: 'join.perkClub', icon: <UsersIcon /> },
  { key: 'join.perkPrizes', icon: <TrophyIcon /> },
  { key: 'join.perkDevices', icon: <DevicesIcon /> },
];

/**
 * Registration page `/{server}/join` (spec §2), also with a partner code (`/join/p/{partner}`)
 * or a referral id (`/join/ref/{id}`): keeps those register params (store + tracking cookies,
 * spec §3) and shows the registration form beside what the game offers.
 *
 * The form (with react-hook-form) and the social login buttons are a chunk of their own
 * (./join-parts-chunk.ts): on a server-rendered page they keep their server HTML and hydrate when
 * the visitor acts in them (`HydrateOnVisible` with `when="act"`); what is typed or ticked
 * meanwhile stays, and a click on "Create account" or a provider is done once they are live (a
 * provider's popup opens at the click itself: lib/social-popup.ts). Their code is fetched at the
 * visitor's first use of the page. In a navigation the page waits for that code, and without it
 * (offline, never fetched) offers to try again.
 */
export function JoinPage({ server, partner, refId }: JoinPageProps) {
  const { t } = useTranslation('auth');
  const user = useLandingStore((s) => s.userData);
  const params = useLandingStore((s) => s.availableRegisterParams);
  const [sent, setSent] = useState(false);
  const { t: tCommon } = useTranslation('common');
  // Chosen once: the page never switches from the lazy parts to the loaded ones (that would remount them).
  const [{ RegisterForm, SocialButtons }] = useState(joinParts);
  const hydrated = useHydrated();
  const [navigated] = useState(hydrated);
  const [, setPartsAttempt] = useState(0);
  if (navigated && !user) void loadJoinParts();
  useEffect(() => {
    if (!navigated) afterFirstUse(() => void loadJoinParts().catch(() => undefined));
  }, [navigated]);
  // The newsletter choice this browser remembers shows once the form is live (RegisterForm): a
  // visitor who has one gets the form at once instead of at the first act.
  const remembered = useLandingStore((s) => s.newsletterAgreement) && hydrated;
  usePageMeta({ title: t('join.title'), description: t('join.lead') });

  useEffect(() => {
    rememberRegisterParams(server, { partner, refId });
  }, [server, partner, refId]);

  const shownPartner = partner ?? params.partner;
  const referred = !!(refId ?? params.ref_id_track);
  // Null: the parts' code cannot be loaded (offline, never fetched).
  const partsLoaded = navigated && !user ? use(settledJoinParts()) !== null : true;

  return (
    <section className="ma-join" data-testid="join-page">
      <div className="ui-container ma-join__grid">
        <div className="ma-join__intro">
          <p className="ma-eyebrow">
            <BallIcon width={16} height={16} /> {t('join.eyebrow')}
          </p>
          <h1 className="ma-join__title">{t('join.title')}</h1>
          <p className="ma-join__lead">{t('join.lead')}</p>
          <ul className="ma-perks">
            {PERKS.map((p) => (
              <li key={p.key} className="ma-perks__item">
                <span className="ma-perks__icon">{p.icon}</span>
                {t(p.key)}
              </li>
            ))}
          </ul>
          <div className="ma-badges">
            <span className="ma-badge">{t('join.server', { server: findServer(server)?.name ?? server })}</span>
            {shownPartner ? (
              <span className="ma-badge ma-badge--gold" data-testid="join-partner">
                {t('join.partner', { partner: shownPartner })}
              </span>
            ) : null}
            {referred ? (
              <span className="ma-badge ma-badge--gold" data-testid="join-referral">
                {t('join.referral')}
              </span>
            ) : null}
          </div>
        </div>
        <div className="ui-card ma-join__card">
          {user ? (
            <div className="ma-done">
              <h2 className="ma-done__title">{t('welcome', { nickname: user.nickname })}</h2>
              <a className="ui-btn ui-btn--gold" href={gameUrlFor(server)}>
                {t('activation.playNow')}
              </a>
            </div>
          ) : (
            <>
              {sent ? null : (
                <>
                  <h2 className="ma-join__card-title">{t('modal.titleRegister')}</h2>
                  <p className="ma-lead">{t('register.intro')}</p>
                </>
              )}
              {partsLoaded ? (
                <>
                  <HydrateOnVisible when="act" holdInput nativeBoxes openKey={remembered ? 'remembered' : ''}>
                    <RegisterForm server={server} onSent={() => setSent(true)} />
                  </HydrateOnVisible>
                  {sent ? null : (
                    <HydrateOnVisible when="act" holdInput onHeldClick={openPopupFor}>
                      <SocialButtons server={server} />
                    </HydrateOnVisible>
                  )}
                </>
              ) : (
                <div data-testid="register-form-unavailable">
                  <RetryState
                    title={tCommon('remote.unavailableTitle')}
                    retryLabel={tCommon('remote.retry')}
                    onRetry={() => {
                      retryJoinParts();
                      setPartsAttempt((n) => n + 1);
                    }}
                  />
                </div>
              )}
              {sent ? null : (
                <>
                  <p className="ma-switch">
                    {t('register.haveAccount')}{' '}
                    <button type="button" className="ma-link" onClick={() => openLogin()} data-testid="join-login">
                      {t('register.toLogin')}
                    </button>
                  </p>
                </>
              )}
            </>
          )}
        </div>
      </div>
    </section>
  );
}
