import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import {
  DEFAULT_SERVER,
  findServer,
  getRuntimeConfig,
  notifyError,
  notifySuccess,
  useApiClient,
  useHydrated,
  useLandingStore,
  usePlayer,
  usePageQuery,
  useReadScope,
} from '@landing/shared';
import { serversQuery } from '../data/queries';
import { chooseServer } from '../layout/server-list';
import { serverListFrom } from '../layout/server-list';

/**
 * Absolute address of a path on this site (shown to be copied and shared). The server render
 * does not know the origin the visitor uses: until hydrated, the path alone.
 */
function useSiteUrl(): (path: string) => string {
  const hydrated = useHydrated();
  return (path) => (hydrated ? `${window.location.origin}${path}` : path);
}

/** The player's own referral link with a Copy button (clipboard API; the field stays selectable); `null` while their own record is not in (the field keeps its place). */
function OwnReferralLink({ link }: { link: string | null }) {
  const { t } = useTranslation('shell');
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      if (link === null) return;
      await navigator.clipboard.writeText(link);
      setCopied(true);
      notifySuccess(t('affiliate.copied'));
    } catch {
      notifyError(t('affiliate.copyFailed'));
    }
  };
  return (
    <div className="affiliate__own">
      <label htmlFor="affiliate-own-link" className="affiliate__label">
        {t('affiliate.yourLink')}
      </label>
      <div className="affiliate__copy">
        <input
          id="affiliate-own-link"
          className="affiliate__input ui-well"
          readOnly
          value={link ?? ''}
          aria-busy={link === null || undefined}
          onFocus={(e) => e.currentTarget.select()}
          data-testid="own-referral-link"
        />
        <button type="button" className="ui-btn" onClick={() => void copy()} disabled={link === null} data-testid="copy-referral-link">
          {copied ? t('affiliate.copiedShort') : t('affiliate.copy')}
        </button>
      </div>
    </div>
  );
}

/**
 * One programme of the page (`partner` or `referral`): its title, text and an example link, then
 * what `children` add (points, actions).
 */
function AffiliateCard({ kind, example, children }: { kind: 'partner' | 'referral'; example: string; children: ReactNode }) {
  const { t } = useTranslation('shell');
  return (
    <section className="affiliate__card ui-card" aria-labelledby={`affiliate-${kind}`} data-testid={`affiliate-${kind}`}>
      <h2 id={`affiliate-${kind}`} className="affiliate__heading">
        {t(`affiliate.${kind}Title`)}
      </h2>
      <p>{t(`affiliate.${kind}Text`)}</p>
      <p className="affiliate__example">
        <span className="affiliate__label">{t('affiliate.example')}</span> <code>{example}</code>
      </p>
      {children}
    </section>
  );
}

/**
 * `/{server}/affiliate`: where the header's and footer's Affiliate link and the switcher's "Play
 * on other servers" lead when the environment configures no address of its own (runtime config
 * `links.affiliate` / `links.otherServers`, spec §2). Explains the partner link
 * (`/{server}/join/p/{partner}`) and the referral link (`/{server}/join/ref/{id}`), shows a
 * logged-in player their own referral link, and lists the servers with their status from the
 * API (`#servers`, rendered on the server with the page).
 */
export function AffiliatePage() {
  const { t } = useTranslation('shell');
  const { server: segment } = useParams();
  const server = findServer(segment)?.value ?? DEFAULT_SERVER;
  // Every player shares this page's render: the referral link (the player's id) is filled in the browser.
  const player = usePlayer(server);
  const openModal = useLandingStore((s) => s.openModal);
  // Server-rendered with the page (the same query the switcher reads).
  const serverAnswer = usePageQuery(serversQuery(useApiClient(), useReadScope(server)));
  const servers = serverListFrom(serverAnswer.data?.servers, getRuntimeConfig().production);
  const siteUrl = useSiteUrl();
  const partnerExample = siteUrl(`/${server}/join/p/${t('affiliate.partnerCode')}`);
  const referralExample = siteUrl(`/${server}/join/ref/12345`);

  return (
    <div className="affiliate ui-container" data-testid="affiliate-page">
      <header className="affiliate__head">
        <h1 className="affiliate__title">{t('affiliate.title')}</h1>
        <p className="affiliate__lead">{t('affiliate.lead')}</p>
      </header>

      <div className="affiliate__grid">
        <AffiliateCard kind="partner" example={partnerExample}>
          <ul className="affiliate__points">
            <li>{t('affiliate.partnerPoint1')}</li>
            <li>{t('affiliate.partnerPoint2')}</li>
            <li>{t('affiliate.partnerPoint3')}</li>
          </ul>
          <button type="button" className="ui-btn ui-btn--gold" onClick={() => openModal('contactModal')} data-testid="become-partner">
            {t('affiliate.becomePartner')}
          </button>
        </AffiliateCard>

        <AffiliateCard kind="referral" example={referralExample}>
          {player.loggedIn ? (
            <OwnReferralLink link={player.own ? siteUrl(`/${server}/join/ref/${encodeURIComponent(player.own.id)}`) : null} />
          ) : (
            <p className="affiliate__login">
              {t('affiliate.loginForLink')}{' '}
              <button type="button" className="ui-btn ui-btn--ghost" onClick={() => openModal('authForm')} data-testid="affiliate-login">
                {t('affiliate.login')}
              </button>
            </p>
          )}
        </AffiliateCard>
      </div>

      <section className="affiliate__servers ui-card" id="servers" aria-labelledby="affiliate-servers" data-testid="affiliate-servers">
        <h2 id="affiliate-servers" className="affiliate__heading">
          {t('affiliate.serversTitle')}
        </h2>
        <p>{t('affiliate.serversText')}</p>
        <ul className="affiliate__server-list">
          {servers.map((s) => {
            const locked = s.status === 'locked';
            const routable = !locked && !!findServer(s.value);
            return (
              <li key={s.value} className={`affiliate__server ${locked ? 'is-locked' : ''}`} data-testid={`affiliate-server-${s.value}`}>
                <span className="affiliate__server-name">{s.name}</span>
                <span className="affiliate__server-meta">
                  {t(`regions.${s.region}`)} · {s.gmt}
                </span>
                {s.status === 'new' ? <span className="switcher__new">{t('switcher.new')}</span> : null}
                {locked ? <span className="affiliate__server-status">{t('affiliate.lockedServer')}</span> : null}
                {s.value === server ? (
                  <span className="affiliate__server-status">{t('affiliate.current')}</span>
                ) : routable ? (
                  // A full navigation, as the switcher does (spec §2: stores the server, then goes there).
                  <a
                    className="ui-btn ui-btn--ghost affiliate__server-go"
                    href={`/${s.value}`}
                    onClick={(e) => {
                      e.preventDefault();
                      chooseServer(s);
                    }}
                  >
                    {t('affiliate.openServer', { server: s.name })}
                  </a>
                ) : null}
              </li>
            );
          })}
        </ul>
      </section>
    </div>
  );
}
