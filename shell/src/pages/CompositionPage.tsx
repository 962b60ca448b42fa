/**
 * Composition status page `/{server}/composition` (docs/ARCHITECTURE.md "Delivery"), outside production only (a 404 in
 * production): one card per registered remote with the version it was built as, its manifest URL,
 * how long the manifest took to load (ms), whether a tester override pins it, and its shared
 * singletons next to the shell's versions, with majors that differ flagged. The data is read in
 * the browser (this page's own manifest requests, never cached); the server renders the loading
 * state. The override badge links here.
 */
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner, formatNumber, getRuntimeConfig, usePageMeta } from '@landing/shared';
import { readComposition, type RemoteStatus } from '../remotes/composition';
import { registeredRemotes, shellSharedVersions } from '../remotes/registry';
import { remoteInfo, subscribeRemoteInfo } from '../remotes/remote-info';
import { NotFoundPage } from './StatusPages';
import './compositionPage.css';

/** The composition status page (see the file comment); no props. */
export function CompositionPage() {
  if (getRuntimeConfig().production) return <NotFoundPage />;
  return <Composition />;
}

function Composition() {
  const { t } = useTranslation('shell');
  const { overrides } = useSyncExternalStore(subscribeRemoteInfo, remoteInfo, remoteInfo);
  const [remotes, setRemotes] = useState<RemoteStatus[] | null>(null);
  usePageMeta({ title: t('composition.title') });

  const load = useCallback(() => {
    setRemotes(null);
    void readComposition(registeredRemotes(), overrides, shellSharedVersions()).then(setRemotes);
  }, [overrides]);
  useEffect(load, [load]);

  const mismatches = remotes?.reduce((n, r) => n + r.shared.filter((s) => s.mismatch).length, 0) ?? 0;
  return (
    <section className="composition ui-container" aria-labelledby="composition-title" data-testid="composition-page">
      <header className="composition__head ui-head">
        <div>
          <h1 id="composition-title" className="composition__title ui-head__title">
            {t('composition.title')}
          </h1>
          <p className="composition__lead ui-head__lead">{t('composition.lead', { environment: getRuntimeConfig().environment })}</p>
        </div>
        <button type="button" className="ui-btn composition__reload" onClick={load}>
          {t('composition.reload')}
        </button>
      </header>
      {remotes === null ? (
        <Spinner label={t('composition.loading')} />
      ) : (
        <>
          <p
            className={`composition__summary${mismatches ? ' composition__summary--bad' : ''}`}
            role="status"
            data-testid="composition-summary"
          >
            {t('composition.summary', { count: remotes.length })} ·{' '}
            {mismatches ? t('composition.mismatches', { count: mismatches }) : t('composition.noMismatch')}
          </p>
          <ul className="composition__list">
            {remotes.map((r) => (
              <li key={r.name} className="composition__card" data-testid={`composition-${r.name}`}>
                <div className="composition__card-head">
                  <h2 className="composition__name">
                    <code>{r.name}</code>
                  </h2>
                  <span className="composition__version">{r.version ?? t('composition.unknownVersion')}</span>
                  {r.override ? <span className="composition__tag">{t('composition.override')}</span> : null}
                </div>
                <dl className="composition__facts">
                  <dt>{t('composition.manifest')}</dt>
                  <dd>
                    <a href={r.manifestUrl} className="composition__url">
                      {r.manifestUrl}
                    </a>
                  </dd>
                  <dt>{t('composition.loadTime')}</dt>
                  <dd>{r.loadMs === null ? '—' : t('composition.ms', { value: formatNumber(r.loadMs) })}</dd>
                </dl>
                {r.error ? (
                  <p className="composition__error" role="alert">
                    {t('composition.failed', { reason: r.error })}
                  </p>
                ) : (
                  <table className="composition__shared">
                    <caption>{t('composition.shared')}</caption>
                    <thead>
                      <tr>
                        <th scope="col">{t('composition.package')}</th>
                        <th scope="col">{t('composition.remoteVersion')}</th>
                        <th scope="col">{t('composition.shellVersion')}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {r.shared.map((s) => (
                        <tr
                          key={s.name}
                          className={s.mismatch ? 'composition__row--bad' : undefined}
                          data-mismatch={s.mismatch || undefined}
                        >
                          <th scope="row">
                            <code>{s.name}</code>
                          </th>
                          <td>{s.version}</td>
                          <td>
                            {s.hostVersion ?? '—'}
                            {s.mismatch ? <span className="composition__bad"> {t('composition.mismatch')}</span> : null}
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
