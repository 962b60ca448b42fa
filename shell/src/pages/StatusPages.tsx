import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { DEFAULT_SERVER, getRuntimeConfig, useLandingStore, usePageMeta, useResponseStatus } from '@landing/shared';

/**
 * 404 page (spec §2, §8): `variant` `unmatched` says 'Page not found: {path}', `invalid` (a route
 * parameter failed validation) says 'Page Not Found: {path}'.
 */
export function NotFoundPage({ variant = 'unmatched' }: { variant?: 'unmatched' | 'invalid' }) {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const server = useLandingStore((s) => s.selectedServer) ?? DEFAULT_SERVER;
  const title = t(variant === 'invalid' ? 'errors.notFoundInvalid' : 'errors.notFound', { path: pathname });
  useResponseStatus(404);
  usePageMeta({ title });
  return (
    <section className="status-page ui-container" data-testid="not-found" aria-labelledby="status-title">
      <p className="status-page__code" aria-hidden="true">
        404
      </p>
      <h1 id="status-title" className="status-page__title">
        {title}
      </h1>
      <p className="status-page__text">{t('errors.notFoundText')}</p>
      <Link className="ui-btn" to={`/${server}`}>
        {t('errors.backHome')}
      </Link>
    </section>
  );
}

/**
 * Error page (spec §2): 503 shows the maintenance message (LANDING_MAINTENANCE), anything else
 * the general message (LANDING_GENERAL_ERROR); outside production the raw error is shown too.
 */
export function ErrorPage({ status, error }: { status?: number; error?: unknown }) {
  const { t } = useTranslation('shell');
  const production = getRuntimeConfig().production;
  const maintenance = status === 503;
  useResponseStatus(status ?? 500);
  usePageMeta({ title: t(maintenance ? 'errors.LANDING_MAINTENANCE' : 'errors.LANDING_GENERAL_ERROR') });
  const raw = error instanceof Error ? `${error.name}: ${error.message}` : error ? JSON.stringify(error) : '';
  return (
    <section
      className="status-page ui-container"
      data-testid={maintenance ? 'maintenance-page' : 'error-page'}
      aria-labelledby="status-title"
    >
      <p className="status-page__code" aria-hidden="true">
        {maintenance ? '503' : (status ?? '500')}
      </p>
      <h1 id="status-title" className="status-page__title">
        {t(maintenance ? 'errors.LANDING_MAINTENANCE' : 'errors.LANDING_GENERAL_ERROR')}
      </h1>
      <p className="status-page__text">{t(maintenance ? 'errors.maintenanceText' : 'errors.generalText')}</p>
      <button type="button" className="ui-btn" onClick={() => window.location.reload()}>
        {t('errors.reload')}
      </button>
      {!production && raw ? (
        <pre className="status-page__raw" data-testid="raw-error">
          {raw}
        </pre>
      ) : null}
    </section>
  );
}
