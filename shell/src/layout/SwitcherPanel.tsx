/**
 * The open panel of the header's language / server switcher (spec §2), a chunk of its own: the
 * header's first load carries only the toggle (./ServerSwitcher.tsx), which loads this when the
 * reader points at, focuses or opens it. Lists the nine languages and the servers by region with
 * their status from the API ({@link useServerList}), locked servers dimmed with a lock icon and
 * not choosable, and a play-on-other-servers link.
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  LOCALES,
  changeLocale,
  getRuntimeConfig,
  hydrateDeferredParts,
  isSitePath,
  otherServersUrlFor,
  type Locale,
  type ServerCode,
  type ServerRegion,
} from '@landing/shared';
import { chooseServer, useServerList } from './server-list';
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

/** Props of {@link SwitcherPanel}. */
export interface SwitcherPanelProps {
  /** The current server (`selectedServer`). */
  selected: ServerCode;
  /** The interface language. */
  locale: Locale;
  /** Closes the panel. */
  close: () => void;
}

/**
 * The panel's content (the toggle renders its frame). The server list is fetched when the panel
 * first opens (`GET /{server}/servers`); until it answers, and when it fails, the static list shows.
 */
export function SwitcherPanel({ selected, locale, close }: SwitcherPanelProps) {
  const { t } = useTranslation('shell');
  const servers = useServerList(selected, getRuntimeConfig().production);
  return (
    <>
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
    </>
  );
}
