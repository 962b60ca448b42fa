import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  COOKIE_MAX_AGE_S,
  COOKIES,
  LOCALES,
  changeLocale,
  currentLocale,
  findServer,
  getRuntimeConfig,
  hydrateDeferredParts,
  isSitePath,
  landingStore,
  otherServersUrlFor,
  setCookie,
  useLandingStore,
  type ServerRegion,
} from '@landing/shared';
import { useServerList, type SwitcherServer } from './server-list';
import { usePopover } from './use-popover';
import { hydrateDeferredSlots } from '../remotes/slot-scheduling';

const REGIONS: ServerRegion[] = ['easternEurope', 'centralEurope', 'americas'];

/** Padlock of a locked server (spec §2); decorative, the state is also said in words. */
function LockIcon() {
  return (
    <svg className="switcher__lock" data-testid="lock-icon" width="14" height="14" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M12 2a5 5 0 0 0-5 5v3H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-8a2 2 0 0 0-2-2h-1V7a5 5 0 0 0-5-5Zm-3 8V7a3 3 0 0 1 6 0v3H9Z"
      />
    </svg>
  );
}

/**
 * Stores the chosen server (spec §2): `selectedServer`, the `ft-lang-last-locale` cookie, then a
 * full navigation to the landing URL of that server.
 */
export function chooseServer(server: SwitcherServer, assign: (url: string) => void = (u) => window.location.assign(u)): void {
  const known = findServer(server.value);
  if (server.status === 'locked' || !known) return;
  landingStore.getState().setSelectedServer(known.value);
  setCookie(COOKIES.lastServer, server.value, COOKIE_MAX_AGE_S.languageAndAuth);
  assign(`/${server.value}`);
}

/**
 * Language / server switcher of the header (spec §2): opens and closes on click, closes on an
 * outside click or Escape; lists the nine languages and the servers by region with their status
 * from the API ({@link useServerList}), locked servers dimmed with a lock icon and not choosable,
 * and a play-on-other-servers link.
 */
export function ServerSwitcher() {
  const { t } = useTranslation('shell');
  const { open, setOpen, close, ref } = usePopover<HTMLDivElement>();
  const selected = useLandingStore((s) => s.selectedServer);
  const localeCode = useLandingStore((s) => s.serverLangLocale);
  const config = getRuntimeConfig();
  // Asked for when the panel first opens: no request on page load (SSR pages fetch nothing twice).
  const [asked, setAsked] = useState(false);
  if (open && !asked) setAsked(true);
  const servers = useServerList(selected, config.production, asked);
  const current = findServer(selected);
  const locale = LOCALES.find((l) => l.code === localeCode) ?? LOCALES.find((l) => l.code === currentLocale())!;

  return (
    <div className="switcher" ref={ref} onKeyDown={(e) => e.key === 'Escape' && close()}>
      <button
        type="button"
        className="switcher__toggle"
        aria-expanded={open}
        aria-haspopup="true"
        aria-controls="switcher-panel"
        data-testid="switcher-toggle"
        data-early-click="switcher"
        onClick={() => setOpen((o) => !o)}
      >
        <span className="switcher__lang">{locale.code.toUpperCase()}</span>
        <span className="switcher__server">{current?.name ?? selected}</span>
        <span className="switcher__caret" aria-hidden="true">
          ▾
        </span>
      </button>
      {open ? (
        <div className="switcher__panel" id="switcher-panel" data-testid="switcher-panel">
          <section aria-labelledby="switcher-lang">
            <h3 id="switcher-lang" className="switcher__heading">
              {t('switcher.language')}
            </h3>
            <ul className="switcher__langs">
              {LOCALES.map((l) => (
                <li key={l.code}>
                  <button
                    type="button"
                    lang={l.iso}
                    className={`switcher__lang-option ${l.code === locale.code ? 'is-active' : ''}`}
                    aria-pressed={l.code === locale.code}
                    data-testid={`lang-${l.code}`}
                    onClick={() => {
                      // Slots still showing the server's HTML hydrate first, so every part changes language.
                      void hydrateDeferredSlots()
                        .then(() => hydrateDeferredParts())
                        .then(() => changeLocale(l.code));
                      close();
                    }}
                  >
                    <span className="switcher__code">{l.code.toUpperCase()}</span> {l.name}
                  </button>
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="switcher-servers">
            <h3 id="switcher-servers" className="switcher__heading">
              {t('switcher.servers')}
            </h3>
            {REGIONS.map((region) => {
              const inRegion = servers.filter((s) => s.region === region);
              if (inRegion.length === 0) return null;
              return (
                <div key={region} className="switcher__region">
                  <p className="switcher__region-name">{t(`regions.${region}`)}</p>
                  <ul className="switcher__servers">
                    {inRegion.map((s) => (
                      <li key={s.value}>
                        <button
                          type="button"
                          className={`switcher__server-option ${s.class} ${s.value === selected ? 'is-active' : ''} ${s.status === 'locked' ? 'is-locked' : ''}`}
                          disabled={s.status === 'locked'}
                          aria-current={s.value === selected ? 'true' : undefined}
                          data-testid={`server-${s.value}`}
                          onClick={() => chooseServer(s)}
                        >
                          <span className="switcher__server-name">
                            {s.status === 'locked' ? <LockIcon /> : null}
                            {s.name}
                            {s.status === 'locked' ? <span className="ui-visually-hidden"> ({t('switcher.locked')})</span> : null}
                          </span>
                          <span className="switcher__gmt">{s.gmt}</span>
                          {s.status === 'new' ? <span className="switcher__new">{t('switcher.new')}</span> : null}
                        </button>
                      </li>
                    ))}
                  </ul>
                </div>
              );
            })}
          </section>
          {isSitePath(otherServersUrlFor(selected)) ? (
            <Link className="switcher__other" to={otherServersUrlFor(selected)} onClick={close} data-testid="other-servers">
              {t('switcher.otherServers')}
            </Link>
          ) : (
            <a
              className="switcher__other"
              href={otherServersUrlFor(selected)}
              target="_blank"
              rel="noopener noreferrer"
              data-testid="other-servers"
            >
              {t('switcher.otherServers')}
            </a>
          )}
        </div>
      ) : null}
    </div>
  );
}
