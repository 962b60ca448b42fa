import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { affiliateUrlFor, getRuntimeConfig, helpUrlFor, isSitePath, legalDocumentUrl, useLandingStore } from '@landing/shared';
import { BRAND, Logo } from './Logo';

/** Footer link of spec §3: name (translation key), path, rel, optional action. */
export interface FooterLink {
  name: string;
  path: string;
  rel?: string;
  action?: 'contact';
}

/**
 * Footer links of spec §2 (documents are the PDFs under /documents/ in the language `lang`; the
 * affiliate link is the environment's or the site's page for `server`).
 */
function footerLinks(lang: string = 'en', server: string = 'royal'): { main: FooterLink[]; social: FooterLink[] } {
  const { links } = getRuntimeConfig();
  const ext = 'noopener noreferrer';
  return {
    main: [
      { name: 'affiliate', path: affiliateUrlFor(server), rel: ext },
      { name: 'terms', path: legalDocumentUrl('terms', lang), rel: ext },
      { name: 'privacy', path: legalDocumentUrl('privacy', lang), rel: ext },
      { name: 'help', path: helpUrlFor(lang), rel: ext },
      { name: 'contact', path: '#contact', action: 'contact' },
    ],
    social: [
      { name: 'facebook', path: links.facebook, rel: ext },
      { name: 'instagram', path: links.instagram, rel: ext },
      { name: 'youtube', path: links.youtube, rel: ext },
      { name: 'discord', path: links.discord, rel: ext },
      { name: 'fanPage', path: links.fanPage, rel: ext },
      { name: 'groups', path: links.groups, rel: ext },
      { name: 'chatApp', path: links.chatApp, rel: ext },
      { name: 'voiceChat', path: links.voiceChat, rel: ext },
    ],
  };
}

/**
 * Site footer (spec §2): affiliate, terms and privacy PDFs, Help/FAQ of the current language,
 * Contact (opens the contact modal),
 * social links, copyright with the current year; the logo scrolls smoothly to the top.
 */
export function Footer() {
  const { t } = useTranslation('shell');
  const lang = useLandingStore((s) => s.serverLangLocale);
  const server = useLandingStore((s) => s.selectedServer);
  const { main, social } = footerLinks(lang, server);
  return (
    <footer className="footer" data-testid="footer">
      <div className="footer__inner ui-container">
        <div className="footer__brand">
          <button
            type="button"
            className="footer__logo"
            aria-label={`${BRAND} – ${t('footer.toTop')}`}
            onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
          >
            <Logo />
          </button>
          <p className="footer__tagline">{t('footer.tagline')}</p>
        </div>
        <nav aria-label={t('footer.linksLabel')} className="footer__col">
          <h2 className="footer__heading">{t('footer.game')}</h2>
          <ul>
            {main.map((l) => (
              <li key={l.name}>
                <FooterItem link={l} />
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label={t('footer.socialLabel')} className="footer__col">
          <h2 className="footer__heading">{t('footer.community')}</h2>
          <ul className="footer__social">
            {social.map((l) => (
              <li key={l.name}>
                <FooterItem link={l} external />
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="footer__bottom ui-container">
        <p>{t('footer.copyright', { year: new Date().getFullYear() })}</p>
        <p className="footer__note">{t('footer.profanity')}</p>
      </div>
    </footer>
  );
}

/**
 * One footer link: the Contact action opens the contact modal, a page of this site is a router
 * link, anything else (documents, other sites; every link when `external`) opens in a new tab.
 */
function FooterItem({ link, external = false }: { link: FooterLink; external?: boolean }) {
  const { t } = useTranslation('shell');
  const openModal = useLandingStore((s) => s.openModal);
  const label = t(`footer.${link.name}`);
  if (link.action === 'contact')
    return (
      <button type="button" className="footer__link" onClick={() => openModal('contactModal')} data-testid="footer-contact">
        {label}
      </button>
    );
  if (!external && isSitePath(link.path) && !link.path.startsWith('/documents/'))
    return (
      <Link className="footer__link" to={link.path}>
        {label}
      </Link>
    );
  return (
    <a className="footer__link" href={link.path} rel={link.rel} target="_blank">
      {label}
    </a>
  );
}
