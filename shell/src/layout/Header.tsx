import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import {
  HEADER_SCROLLED_PX,
  affiliateUrlFor,
  apiClient,
  gameUrlFor,
  getRuntimeConfig,
  isSitePath,
  signOut,
  useLandingStore,
  type ServerCode,
} from '@landing/shared';
import { ServerSwitcher } from './ServerSwitcher';
import { SoundControl } from './SoundControl';
import { usePopover } from './use-popover';
import { BRAND, Logo } from './Logo';
import { nicknameInitial } from './nickname';

/** Header link of spec §3: name (translation key), path, isInternal. */
export interface HeaderLink {
  name: string;
  path: string;
  isInternal: boolean;
  /** Extra paths that count as this link's section (spec §2: bets-ranking, bets-rules). */
  section?: string[];
}

/** Header links of spec §2 for a server. */
export function headerLinks(server: ServerCode): HeaderLink[] {
  const { links } = getRuntimeConfig();
  const affiliate = affiliateUrlFor(server);
  return [
    { name: 'home', path: `/${server}`, isInternal: true },
    { name: 'news', path: `/${server}/news`, isInternal: true },
    { name: 'bets', path: `/${server}/bets`, isInternal: true, section: [`/${server}/bets-ranking`, `/${server}/bets-rules`] },
    { name: 'fanPage', path: links.fanPage, isInternal: false },
    { name: 'discord', path: links.discord, isInternal: false },
    { name: 'affiliate', path: affiliate, isInternal: isSitePath(affiliate) },
  ];
}

/** True when `pathname` is inside the link's section (the link is highlighted). */
function isLinkActive(link: HeaderLink, pathname: string): boolean {
  if (!link.isInternal) return false;
  const paths = [link.path, ...(link.section ?? [])];
  const home = link.name === 'home';
  return paths.some((p) => (home ? pathname === p || pathname === p + '/' : pathname === p || pathname.startsWith(p + '/')));
}

/**
 * Site header (spec §2): logo → home, links, language/server switcher, Login (opens the auth
 * form) or Play now (game URL) when logged in, scrolled state past 20 px, burger menu on mobile
 * closing on an outside click or a link click. A logged-in player's name links to their account
 * page (`/{server}/account`).
 */
export function Header({ server }: { server: ServerCode }) {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const [scrolled, setScrolled] = useState(false);
  const { open: menuOpen, setOpen: setMenuOpen, close: closeMenu, ref } = usePopover<HTMLElement>();
  const user = useLandingStore((s) => s.userData);
  const openModal = useLandingStore((s) => s.openModal);

  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > HEADER_SCROLLED_PX);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  useEffect(() => closeMenu(), [pathname, closeMenu]);

  return (
    <header ref={ref} className={`header ${scrolled ? 'is-scrolled' : ''} ${menuOpen ? 'is-menu-open' : ''}`} data-testid="header">
      <div className="header__inner ui-container">
        <Link to={`/${server}`} className="header__logo" aria-label={`${BRAND} – ${t('nav.home')}`}>
          <Logo />
        </Link>
        <nav className="header__nav" id="main-nav" aria-label={t('nav.label')}>
          <ul>
            {headerLinks(server).map((link) => (
              <li key={link.name}>
                {link.isInternal ? (
                  <NavLink
                    to={link.path}
                    end={link.name === 'home'}
                    className={() => `header__link ${isLinkActive(link, pathname) ? 'is-active' : ''}`}
                    aria-current={isLinkActive(link, pathname) ? 'page' : undefined}
                    onClick={closeMenu}
                  >
                    {t(`nav.${link.name}`)}
                  </NavLink>
                ) : (
                  <a className="header__link" href={link.path} target="_blank" rel="noopener noreferrer" onClick={closeMenu}>
                    {t(`nav.${link.name}`)}
                  </a>
                )}
              </li>
            ))}
            <li className="header__mobile-only">
              <SoundControl inline />
            </li>
            {user ? (
              <li className="header__mobile-only">
                <NavLink to={`/${server}/account`} className="header__link" onClick={closeMenu}>
                  {t('header.account')}
                </NavLink>
              </li>
            ) : null}
            {user ? (
              <li className="header__mobile-only">
                <button type="button" className="header__link" onClick={() => void signOut(apiClient)}>
                  {t('header.logout')} ({user.nickname})
                </button>
              </li>
            ) : null}
          </ul>
        </nav>
        <div className="header__actions">
          <SoundControl className="header__sound" />
          <ServerSwitcher />
          {user ? (
            <>
              <span className="header__user" title={user.nickname}>
                {/* The player's name leads to their account page (password, sessions, security events). */}
                <Link
                  to={`/${server}/account`}
                  className="header__account"
                  aria-label={`${t('header.account')} (${user.nickname})`}
                  data-testid="account-link"
                >
                  <span className="header__avatar" aria-hidden="true">
                    {nicknameInitial(user.nickname)}
                  </span>
                  <span className="header__nick">{user.nickname}</span>
                </Link>
                <button type="button" className="header__logout" data-testid="logout-button" onClick={() => void signOut(apiClient)}>
                  {t('header.logout')}
                </button>
              </span>
              <a className="ui-btn header__cta" href={gameUrlFor(server)} data-testid="play-now">
                {t('header.playNow')}
              </a>
            </>
          ) : (
            <button
              type="button"
              className="ui-btn header__cta"
              data-testid="login-button"
              data-early-click="login"
              onClick={() => openModal('authForm')}
            >
              {t('header.login')}
            </button>
          )}
          <button
            type="button"
            className="header__burger"
            aria-expanded={menuOpen}
            aria-controls="main-nav"
            aria-label={t(menuOpen ? 'header.closeMenu' : 'header.openMenu')}
            data-testid="burger"
            data-early-click="burger"
            onClick={() => setMenuOpen((o) => !o)}
          >
            <span />
            <span />
            <span />
          </button>
        </div>
      </div>
      {/* Mobile menu: the page under the open menu is dimmed; a tap on it closes the menu. */}
      {menuOpen ? <div className="header__backdrop" aria-hidden="true" data-testid="menu-backdrop" onClick={closeMenu} /> : null}
    </header>
  );
}
