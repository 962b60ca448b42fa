/**
 * Tester override badge (docs/ARCHITECTURE.md "Delivery"). Outside production a tester can pin a remote
 * to another build for their own browser (`?mf_override=mf_news@<manifest url>`, remembered in
 * this browser session; "Keep" makes it outlive the session). While such an override is active
 * this small fixed badge lists the pinned remotes with the version actually loaded, and one click
 * on "Reset" forgets the overrides and reloads with the environment's own `remotes.json`.
 * Overrides refused because their origin is not trusted (docs/SECURITY.md) are listed too, so the tester
 * sees why nothing changed. Renders nothing when no override is active or refused (always the
 * case in production, where overrides are ignored). It sits bottom left, above the shell's bottom
 * notices when one is shown. Its last link opens the composition status page (CompositionPage).
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DEFAULT_SERVER, useHydrated, useLandingStore, type RemoteName } from '@landing/shared';
import { clearOverrides, keepOverrides } from './overrides';
import { remoteInfo, subscribeRemoteInfo } from './remote-info';
import { versionFromManifestUrl } from './versions';
import './overrideBadge.css';

/** Origin of a manifest URL (for a refused override), or the URL itself when it is not one. */
function originOf(url: string): string {
  try {
    return new URL(url, location.href).origin;
  } catch {
    return url;
  }
}

/**
 * Height in px of the shell's bottom notices (`.bottom-notices` with a `.notice`: cookie banner,
 * age warning, install offer), 0 when none is shown; followed while `active`.
 */
function useBottomNoticesHeight(active: boolean): number {
  const [height, setHeight] = useState(0);
  useEffect(() => {
    if (!active) return undefined;
    let observed: Element | null = null;
    const resize = typeof ResizeObserver !== 'undefined' ? new ResizeObserver(() => measure()) : null;
    function measure() {
      const el = document.querySelector('.bottom-notices');
      if (el !== observed) {
        if (observed) resize?.unobserve(observed);
        if (el) resize?.observe(el);
        observed = el;
      }
      setHeight(el?.querySelector('.notice') ? Math.ceil(el.getBoundingClientRect().height) : 0);
    }
    measure();
    const mutations = new MutationObserver(measure);
    mutations.observe(document.body, { childList: true, subtree: true });
    return () => {
      mutations.disconnect();
      resize?.disconnect();
    };
  }, [active]);
  return height;
}

/** The tester override badge (see the file comment); no props, reads the shell's remote registry. */
export function OverrideBadge() {
  const { t } = useTranslation('shell');
  const { overrides, overridesKept, refusedOverrides, versions } = useSyncExternalStore(subscribeRemoteInfo, remoteInfo, remoteInfo);
  const hydrated = useHydrated(); // overrides are the browser's own: never in the server's HTML
  const server = useLandingStore((s) => s.selectedServer) ?? DEFAULT_SERVER;
  const entries = Object.entries(overrides) as Array<[RemoteName, string]>;
  const visible = hydrated && (entries.length > 0 || refusedOverrides.length > 0);
  const lift = useBottomNoticesHeight(visible);
  if (!visible) return null;
  return (
    <aside
      className="mf-override-badge"
      aria-label={t('overrides.label')}
      data-testid="override-badge"
      style={lift ? { bottom: lift + 8 } : undefined}
    >
      <span className="mf-override-badge__title">
        <svg aria-hidden="true" viewBox="0 0 24 24" width="14" height="14" focusable="false">
          <path
            fill="currentColor"
            d="M9 2h6v2h-1v5.3l5.6 9.4A2.2 2.2 0 0 1 17.7 22H6.3a2.2 2.2 0 0 1-1.9-3.3L10 9.3V4H9V2Zm3 9-2.4 4h4.8L12 11Z"
          />
        </svg>
        {t('overrides.title')}
      </span>
      <ul className="mf-override-badge__list">
        {entries.map(([name, url]) => (
          <li key={name} data-testid={`override-${name}`} title={url}>
            <code>{name}</code>{' '}
            <span className="mf-override-badge__version">
              {versions[name] ?? versionFromManifestUrl(url) ?? t('overrides.customBuild')}
            </span>
          </li>
        ))}
        {refusedOverrides.map((url) => (
          <li key={url} className="mf-override-badge__refused" data-testid="override-refused" title={url}>
            {t('overrides.refused', { origin: originOf(url) })}
          </li>
        ))}
      </ul>
      {entries.length > 0 &&
        (overridesKept ? (
          <span className="mf-override-badge__kept">{t('overrides.kept')}</span>
        ) : (
          <button type="button" className="mf-override-badge__reset" onClick={() => keepOverrides()} aria-label={t('overrides.keepLabel')}>
            {t('overrides.keep')}
          </button>
        ))}
      <button type="button" className="mf-override-badge__reset" onClick={() => clearOverrides()} aria-label={t('overrides.resetLabel')}>
        {t('overrides.reset')}
      </button>
      <Link
        className="mf-override-badge__link"
        to={`/${server}/composition`}
        aria-label={t('overrides.statusLabel')}
        data-testid="override-status-link"
      >
        {t('overrides.status')}
      </Link>
    </aside>
  );
}
