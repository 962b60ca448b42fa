/**
 * The operations page `/{server}/operations` (docs/OPERATIONS.md "Reading a remote's health"):
 * for the environment this shell serves, per remote and version over the last 15 minutes or 24
 * hours, page views, errors, load failures and fallbacks per 1,000 page views, p75 of LCP, INP
 * and CLS, the most frequent failures with their source-mapped frames, the canary running and the
 * release steps (automatic aborts with their reason). The figures come from the API's
 * `GET /telemetry/view` with the operations token, the admin secret or a team token, typed here
 * and kept in this tab's sessionStorage only; the server renders the form.
 */
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TelemetryView } from '@landing/domain/schemas/telemetry';
import { Spinner, formatNumber, getRuntimeConfig, usePageMeta } from '@landing/shared';
import { endpointOf } from './collector';
import './operationsPage.css';

/** Where this tab keeps the token. */
const TOKEN_KEY = 'landing-ops-token';
type Period = TelemetryView['window'];
type State = { kind: 'idle' } | { kind: 'loading' } | { kind: 'refused' } | { kind: 'failed' } | { kind: 'ready'; view: TelemetryView };

function storedToken(): string {
  try {
    return sessionStorage.getItem(TOKEN_KEY) ?? '';
  } catch {
    return '';
  }
}

/** The operations page (see the file comment); no props. */
export function OperationsPage() {
  const { t } = useTranslation('shell');
  usePageMeta({ title: t('operations.title') });
  const config = getRuntimeConfig();
  const [token, setToken] = useState('');
  const [draft, setDraft] = useState('');
  const [period, setPeriod] = useState<Period>('15m');
  const [state, setState] = useState<State>({ kind: 'idle' });
  // The form submits once the page is live: before, the browser would submit it itself and
  // reload the page, dropping the typed token.
  const [live, setLive] = useState(false);
  const url = `${endpointOf(config.apiBaseTemplate)}/view?environment=${encodeURIComponent(config.environment)}&window=${period}`;

  useEffect(() => {
    setToken(storedToken());
    setLive(true);
  }, []);
  const load = useCallback(async () => {
    if (!token) return setState({ kind: 'idle' });
    setState({ kind: 'loading' });
    try {
      const res = await fetch(url, { headers: { authorization: `Bearer ${token}` }, cache: 'no-store' });
      if (res.status === 401 || res.status === 403) return setState({ kind: 'refused' });
      if (!res.ok) return setState({ kind: 'failed' });
      setState({ kind: 'ready', view: (await res.json()) as TelemetryView });
    } catch {
      setState({ kind: 'failed' });
    }
  }, [token, url]);
  useEffect(() => void load(), [load]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    try {
      sessionStorage.setItem(TOKEN_KEY, draft);
    } catch {
      /* storage blocked: the token lasts for this page */
    }
    setToken(draft);
    setDraft('');
  };
  const forget = () => {
    try {
      sessionStorage.removeItem(TOKEN_KEY);
    } catch {
      /* nothing kept */
    }
    setToken('');
  };
  const rate = (value: number | null) => (value === null ? '–' : value.toFixed(1));
  const ms = (value: number | null) => (value === null ? '–' : t('operations.ms', { value: formatNumber(value) }));

  return (
    <section className="operations ui-container" aria-labelledby="operations-title" data-testid="operations-page">
      <header className="operations__head ui-head">
        <h1 id="operations-title" className="ui-head__title">
          {t('operations.title')}
        </h1>
        <p className="ui-head__lead">{t('operations.lead', { environment: config.environment })}</p>
      </header>
      {token ? (
        <div className="operations__bar">
          <div role="group" aria-label={t('operations.title')} className="operations__windows">
            {(['15m', '24h'] as const).map((w) => (
              <button key={w} type="button" className="ui-btn ui-btn--ghost" aria-pressed={period === w} onClick={() => setPeriod(w)}>
                {t(w === '15m' ? 'operations.window15m' : 'operations.window24h')}
              </button>
            ))}
          </div>
          <button type="button" className="ui-btn ui-btn--ghost" onClick={forget}>
            {t('operations.forget')}
          </button>
        </div>
      ) : (
        <form className="operations__login" onSubmit={submit}>
          <label htmlFor="operations-token">{t('operations.token')}</label>
          <input
            id="operations-token"
            type="password"
            autoComplete="off"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            aria-describedby="operations-token-hint"
            required
          />
          <p id="operations-token-hint" className="operations__hint">
            {t('operations.tokenHint')}
          </p>
          <button type="submit" className="ui-btn" disabled={!live}>
            {t('operations.show')}
          </button>
        </form>
      )}
      {state.kind === 'loading' ? <Spinner label={t('operations.loading')} /> : null}
      {state.kind === 'refused' ? <p role="alert">{t('operations.refused')}</p> : null}
      {state.kind === 'failed' ? <p role="alert">{t('operations.failed')}</p> : null}
      {state.kind === 'ready' ? (
        <>
          {state.view.remotes.length === 0 ? <p role="status">{t('operations.empty')}</p> : null}
          {state.view.remotes.map((r) => (
            <article key={r.remote} className="operations__remote" data-testid={`operations-${r.remote}`}>
              <h2>
                <code>{r.remote}</code>
                {r.canary ? (
                  <span className="operations__canary">
                    {t('operations.canary', { version: r.canary.version, percent: r.canary.percent ?? '?' })}
                  </span>
                ) : null}
              </h2>
              <div className="operations__scroll">
                <table className="operations__table">
                  <thead>
                    <tr>
                      {(['version', 'pageViews', 'errors', 'loadFailures', 'fallbacks', 'lcp', 'inp', 'cls'] as const).map((k) => (
                        <th key={k} scope="col">
                          {t(`operations.${k}`)}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {r.versions.map((v) => (
                      <tr key={v.version} data-version={v.version}>
                        <th scope="row">{v.version}</th>
                        <td>{formatNumber(v.pageViews)}</td>
                        <td>{rate(v.per1000.errors)}</td>
                        <td>{rate(v.per1000.loadFailures)}</td>
                        <td>{rate(v.per1000.fallbacks)}</td>
                        <td>{ms(v.p75.LCP)}</td>
                        <td>{ms(v.p75.INP)}</td>
                        <td>{v.p75.CLS === null ? '–' : v.p75.CLS.toFixed(3)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              {r.versions
                .filter((v) => v.topErrors.length)
                .map((v) => (
                  <details key={v.version} className="operations__errors">
                    <summary>{t('operations.topErrors', { version: v.version })}</summary>
                    <ul>
                      {v.topErrors.map((e, i) => (
                        <li key={i}>
                          <strong>{t('operations.times', { count: e.count })}</strong> <code>{e.message}</code>
                          <pre>{e.frames.map((f) => `${f.name ?? ''} ${f.file}:${f.line}:${f.column}`.trim()).join('\n')}</pre>
                        </li>
                      ))}
                    </ul>
                  </details>
                ))}
            </article>
          ))}
          {state.view.releases.length ? (
            <section className="operations__releases" aria-labelledby="operations-releases">
              <h2 id="operations-releases">{t('operations.releases')}</h2>
              <ul>
                {state.view.releases.map((s) => (
                  <li key={`${s.at}${s.remote}${s.action}`} data-action={s.action} data-auto={s.auto || undefined}>
                    <time dateTime={s.at}>{s.at.replace('T', ' ').slice(0, 19)}</time> <code>{s.remote}</code>{' '}
                    {t(s.action === 'canary' ? 'operations.canaryStarted' : `operations.${s.action}`)} {s.from ? `${s.from} → ` : ''}
                    {s.to}
                    {s.auto && s.reason ? ` (${t('operations.automatic', { reason: s.reason })})` : ''}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          <p className="operations__hint">
            {t('operations.json')} <code>GET {url}</code>
          </p>
        </>
      ) : null}
    </section>
  );
}
