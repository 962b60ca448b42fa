import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Spinner,
  landingStore,
  logout,
  notifySuccess,
  useHydrated,
  useLandingStore,
  usePageMeta,
  type AccountPageProps,
  type ServerCode,
  type UserData,
} from '@landing/shared';
import type { AccountSession, SecurityEvent } from '@landing/domain/schemas/account';
import { changePassword } from '../api/change-password';
import { securityEventsQuery } from '../api/fetch-security-events';
import { sessionsQuery } from '../api/fetch-sessions';
import { revokeSessions } from '../api/revoke-sessions';
import { errorCode } from '../lib/api-errors';
import { hasErrors, validatePasswordChange, type Errors } from '../lib/validation';
import { PasswordField, SubmitButton } from './fields';
import { AlertIcon, CheckCircleIcon, DevicesIcon, KeyIcon, ShieldIcon } from './icons';
import '../i18n';

const PROVIDER_NAMES: Record<string, string> = { google: 'Google', facebook: 'Facebook', vk: 'VK' };

/** How a session started or a login was made, for people (`password`, `device`, `activation`, `social:<provider>`). */
function useMethodLabel() {
  const { t } = useTranslation('auth');
  return (method: string | undefined): string => {
    if (!method) return '';
    if (method.startsWith('social:')) {
      const id = method.slice('social:'.length);
      return t('account.method.social', { provider: PROVIDER_NAMES[id] ?? id });
    }
    return ['password', 'device', 'activation', 'reauth'].includes(method) ? t(`account.method.${method}`) : method;
  };
}

/** Date and time in the interface language. */
function useDateTime() {
  const { i18n } = useTranslation('auth');
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (iso: string) => format.format(new Date(iso));
}

/** Browser and system of a session or event (`Chrome · Windows`), or "Unknown browser". */
function useClientLabel() {
  const { t } = useTranslation('auth');
  return (c: { browser: string | null; os: string | null }) => [c.browser, c.os].filter(Boolean).join(' · ') || t('account.unknownDevice');
}

/**
 * The account page (`/{server}/account`, linked from the player's name in the header): change
 * the password (current one required; every other session ends and a notice is mailed), the
 * player's sessions with "Log out" per session and "Log out everywhere" (after the password
 * again), and the recent security events (logins, failed logins, lockouts, new devices, password
 * and e-mail changes). A visitor is asked to log in. Rendered in the browser only: the server
 * does not know the viewer.
 */
export function AccountPage({ server }: AccountPageProps) {
  const { t } = useTranslation('auth');
  usePageMeta({ title: t('account.title') });
  const hydrated = useHydrated();
  const user = useLandingStore((s) => s.userData);
  const viewer = hydrated && user && user.server === server ? user : null;

  if (!hydrated) {
    return (
      <section className="ma-page" data-testid="account-page" data-state="loading">
        <div className="ui-card ma-card">
          <div className="ma-card__working" role="status">
            <Spinner />
            <p>{t('working')}</p>
          </div>
        </div>
      </section>
    );
  }
  if (!viewer) {
    const openLogin = () => {
      const store = landingStore.getState();
      store.setAuthActiveTab('login');
      store.openModal('authForm');
      // Stay on this page after the login (spec §4: opening the modal sets the redirect flag).
      store.setAuthPreferences({ isLoginWithRedirect: false });
    };
    return (
      <section className="ma-page" data-testid="account-page" data-state="visitor">
        <div className="ui-card ma-card">
          <span className="ma-card__icon">
            <ShieldIcon width={30} height={30} />
          </span>
          <h1 className="ma-card__title">{t('account.title')}</h1>
          <p className="ma-card__text">{t('account.loginText')}</p>
          <div className="ma-card__actions">
            <button type="button" className="ui-btn" onClick={openLogin} data-testid="account-login">
              {t('account.loginButton')}
            </button>
          </div>
        </div>
      </section>
    );
  }
  return (
    <section className="ma-account ui-container" data-testid="account-page" data-state="ready">
      <header className="ma-account__head">
        <span className="ma-card__icon" aria-hidden="true">
          <ShieldIcon width={28} height={28} />
        </span>
        <div>
          <h1 className="ma-account__title">{t('account.title')}</h1>
          <p className="ma-account__lead">
            {t('account.lead', { nickname: viewer.nickname })}
            {viewer.email ? <span className="ma-account__email"> · {viewer.email}</span> : null}
          </p>
        </div>
      </header>
      <div className="ma-account__grid">
        <PasswordSection server={server} user={viewer} />
        <SessionsSection server={server} user={viewer} />
        <ActivitySection server={server} user={viewer} />
      </div>
    </section>
  );
}

function useSessions(server: ServerCode, user: UserData) {
  return useQuery(sessionsQuery(server, user));
}

function PasswordSection({ server, user }: { server: ServerCode; user: UserData }) {
  const { t } = useTranslation('auth');
  const queryClient = useQueryClient();
  const sessions = useSessions(server, user);
  const [values, setValues] = useState({ currentPassword: '', password: '', repeat: '' });
  const [errors, setErrors] = useState<Errors<'currentPassword' | 'password' | 'repeat'>>({});
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const set = (field: keyof typeof values) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: e.target.value }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setDone(null);
    const found = validatePasswordChange(values);
    setErrors(found);
    if (hasErrors(found)) return;
    setBusy(true);
    try {
      const answer = await changePassword(server, { currentPassword: values.currentPassword, password: values.password });
      setValues({ currentPassword: '', password: '', repeat: '' });
      setDone(answer.message);
      void queryClient.invalidateQueries({ queryKey: ['auth', 'account'] });
    } catch (err) {
      // The shared client has toasted the API's message; the field it is about says it too.
      const code = errorCode(err);
      if (code === 'WRONG_PASSWORD') setErrors({ currentPassword: 'validation.wrongPassword' });
      else if (code === 'PASSWORD_SAME') setErrors({ password: 'validation.passwordSame' });
      else if (code === 'PASSWORD_TOO_SHORT') setErrors({ password: 'validation.passwordTooShort' });
      else if (code === 'PASSWORD_LIKE_NAME') setErrors({ password: 'validation.passwordLikeName' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="ui-card ma-account__card" aria-labelledby="ma-account-password" data-testid="account-password">
      <h2 id="ma-account-password" className="ma-account__h2">
        <KeyIcon width={20} height={20} aria-hidden="true" /> {t('account.passwordTitle')}
      </h2>
      {sessions.data?.reauth === 'social' ? (
        <p className="ma-account__text" data-testid="account-no-password">
          {t('account.noPassword')}
        </p>
      ) : (
        <>
          <p className="ma-account__text">{t('account.passwordText')}</p>
          <form className="ma-form" onSubmit={submit} noValidate data-testid="password-change-form">
            <PasswordField
              label={t('account.currentPassword')}
              name="current-password"
              autoComplete="current-password"
              value={values.currentPassword}
              onChange={set('currentPassword')}
              error={errors.currentPassword}
              testId="current-password"
            />
            <PasswordField
              label={t('fields.newPassword')}
              name="new-password"
              autoComplete="new-password"
              value={values.password}
              onChange={set('password')}
              error={errors.password}
              hint={t('fields.passwordHint')}
              testId="new-password"
            />
            <PasswordField
              label={t('fields.repeatPassword')}
              name="repeat-password"
              autoComplete="new-password"
              value={values.repeat}
              onChange={set('repeat')}
              error={errors.repeat}
              testId="new-password-repeat"
            />
            <SubmitButton busy={busy} testId="password-change-submit">
              {t('account.passwordSubmit')}
            </SubmitButton>
          </form>
          {done ? (
            <p className="ma-account__done" role="status" data-testid="password-changed">
              <CheckCircleIcon width={18} height={18} aria-hidden="true" /> {done}
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}

/** What the confirmation box is about: one session (`session`) or every session. */
type Ask = { session?: number };

function SessionsSection({ server, user }: { server: ServerCode; user: UserData }) {
  const { t } = useTranslation('auth');
  const queryClient = useQueryClient();
  const sessions = useSessions(server, user);
  const dateTime = useDateTime();
  const method = useMethodLabel();
  const client = useClientLabel();
  const [ask, setAsk] = useState<Ask | null>(null);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const social = sessions.data?.reauth === 'social';

  const open = (a: Ask) => {
    setAsk(a);
    setPassword('');
    setError(undefined);
  };
  const confirm = async (e: FormEvent) => {
    e.preventDefault();
    if (!ask) return;
    if (!social && !password) return setError('validation.currentPasswordRequired');
    setBusy(true);
    try {
      const answer = await revokeSessions(server, { ...ask, ...(social ? {} : { password }) });
      setAsk(null);
      notifySuccess(answer.message);
      if (answer.current) logout(false);
      else void queryClient.invalidateQueries({ queryKey: ['auth', 'account'] });
    } catch (err) {
      if (errorCode(err) === 'WRONG_PASSWORD') setError('validation.wrongPassword');
      else if (errorCode(err) === 'SESSION_NOT_FOUND') {
        setAsk(null);
        void queryClient.invalidateQueries({ queryKey: ['auth', 'account'] });
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="ui-card ma-account__card" aria-labelledby="ma-account-sessions" data-testid="account-sessions">
      <h2 id="ma-account-sessions" className="ma-account__h2">
        <DevicesIcon width={20} height={20} aria-hidden="true" /> {t('account.sessionsTitle')}
      </h2>
      <p className="ma-account__text">{t('account.sessionsText')}</p>
      <ListState query={sessions} empty={false}>
        <ul className="ma-list" data-testid="session-list">
          {(sessions.data?.sessions ?? []).map((s: AccountSession) => (
            <li key={s.id} className={`ma-list__item ${s.current ? 'is-current' : ''}`} data-testid="session" data-current={s.current}>
              <div className="ma-list__body">
                <p className="ma-list__title">
                  {client(s)}
                  {s.current ? <span className="ma-badge">{t('account.thisDevice')}</span> : null}
                </p>
                <p className="ma-list__meta">
                  {[
                    method(s.method),
                    s.ip ? t('account.ip', { ip: s.ip }) : null,
                    t('account.lastActive', { time: dateTime(s.lastUsedAt) }),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </p>
              </div>
              {s.current ? null : (
                <button
                  type="button"
                  className="ui-btn ui-btn--ghost ma-list__action"
                  onClick={() => open({ session: s.id })}
                  data-testid="session-end"
                >
                  {t('account.endSession')}
                </button>
              )}
            </li>
          ))}
        </ul>
      </ListState>
      {ask ? (
        <form className="ma-form ma-confirm" onSubmit={confirm} noValidate data-testid="sessions-confirm">
          <p className="ma-account__text">
            {t(ask.session === undefined ? 'account.confirmAll' : 'account.confirmOne')}{' '}
            {t(social ? 'account.confirmSocial' : 'account.confirmPassword')}
          </p>
          {social ? null : (
            <PasswordField
              label={t('account.currentPassword')}
              name="confirm-password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              error={error}
              testId="sessions-password"
            />
          )}
          <div className="ma-confirm__actions">
            <SubmitButton busy={busy} testId="sessions-confirm-submit">
              {t('account.confirm')}
            </SubmitButton>
            <button type="button" className="ui-btn ui-btn--ghost" onClick={() => setAsk(null)}>
              {t('account.cancel')}
            </button>
          </div>
        </form>
      ) : (
        <button type="button" className="ui-btn ui-btn--ghost ma-account__all" onClick={() => open({})} data-testid="sessions-end-all">
          {t('account.endAll')}
        </button>
      )}
    </section>
  );
}

/** The text of a security event. */
function useEventLabel() {
  const { t } = useTranslation('auth');
  const method = useMethodLabel();
  return (e: SecurityEvent): string => {
    switch (e.kind) {
      case 'login':
        return t('account.events.login', { method: method(e.detail.method) });
      case 'login_failed':
        return t(e.detail.method === 'reauth' ? 'account.events.login_failed_reauth' : 'account.events.login_failed');
      case 'lockout':
        return t(e.detail.scope === 'account' ? 'account.events.lockout_account' : 'account.events.lockout_ip');
      case 'email_changed':
        return t('account.events.email_changed', { email: e.detail.email ?? '' });
      case 'sessions_revoked':
        return t('account.events.sessions_revoked', { n: e.detail.count ?? 0 });
      default:
        return t(`account.events.${e.kind}`);
    }
  };
}

const WARNING_EVENTS = new Set(['login_failed', 'lockout']);

function ActivitySection({ server, user }: { server: ServerCode; user: UserData }) {
  const { t } = useTranslation('auth');
  const events = useQuery(securityEventsQuery(server, user));
  const dateTime = useDateTime();
  const client = useClientLabel();
  const label = useEventLabel();
  const list = events.data?.events ?? [];
  return (
    <section
      className="ui-card ma-account__card ma-account__card--wide"
      aria-labelledby="ma-account-activity"
      data-testid="account-activity"
    >
      <h2 id="ma-account-activity" className="ma-account__h2">
        <ShieldIcon width={20} height={20} aria-hidden="true" /> {t('account.activityTitle')}
      </h2>
      <p className="ma-account__text">{t('account.activityText')}</p>
      <ListState query={events} empty={list.length === 0}>
        <ul className="ma-list" data-testid="event-list">
          {list.map((e) => (
            <li
              key={e.id}
              className={`ma-list__item ${WARNING_EVENTS.has(e.kind) ? 'is-warning' : ''}`}
              data-testid="event"
              data-kind={e.kind}
            >
              {WARNING_EVENTS.has(e.kind) ? <AlertIcon className="ma-list__icon" width={18} height={18} aria-hidden="true" /> : null}
              <div className="ma-list__body">
                <p className="ma-list__title">{label(e)}</p>
                <p className="ma-list__meta">
                  {[dateTime(e.createdAt), client(e), e.ip ? t('account.ip', { ip: e.ip }) : null].filter(Boolean).join(' · ')}
                </p>
              </div>
            </li>
          ))}
        </ul>
      </ListState>
    </section>
  );
}

/** Loading, failure (with a retry) and empty states of a list; the list otherwise. */
function ListState({
  query,
  empty,
  children,
}: {
  query: { isPending: boolean; isError: boolean; refetch: () => unknown };
  empty: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation('auth');
  if (query.isPending)
    return (
      <div className="ma-card__working" role="status">
        <Spinner />
      </div>
    );
  if (query.isError)
    return (
      <p className="ma-account__text">
        {t('account.loadFailed')}{' '}
        <button type="button" className="ma-link" onClick={() => void query.refetch()}>
          {t('activation.retry')}
        </button>
      </p>
    );
  if (empty) return <p className="ma-account__text">{t('account.noActivity')}</p>;
  return <>{children}</>;
}
