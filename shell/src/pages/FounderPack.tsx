import { Suspense, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { AxiosError, type AxiosInstance } from 'axios';
import type { SignupForm } from '../forms/schemas';
import {
  NumberCounter,
  apiClient,
  apiGet,
  findServer,
  formatServerDate,
  notifySuccess,
  playSound,
  trackPixelEvent,
  useApiClient,
  usePageQuery,
  useReadScope,
  type ApiErrorBody,
  type ReadScope,
  type ServerCode,
} from '@landing/shared';
import type { NewsletterConfig } from '@landing/domain/schemas/newsletter';
import { Icon } from './icons';

/** Answer of `GET /{server}/newsletter`: the API's own schema (`@landing/domain/schemas/newsletter`). */
export type { NewsletterConfig };

type Errors = Partial<Record<keyof SignupForm, string>>;

/**
 * The server's newsletter offer (`GET /{server}/newsletter`) as a page query, server-rendered
 * with the home page. Rejects on any API error: a failed refetch then keeps the offer shown (the
 * query keeps its last answer) with what the player typed; with no answer at all the section is
 * hidden. On the server a failure leaves the section to the browser (its Suspense boundary).
 */
export function newsletterQuery(api: AxiosInstance, scope: ReadScope) {
  return queryOptions({
    queryKey: ['newsletter', scope.server] as const,
    queryFn: ({ signal }) => apiGet<NewsletterConfig>(api, scope, '/newsletter', undefined, signal),
  });
}

function RewardTile({
  value,
  label,
  prefix,
  testId,
  animate,
}: {
  value: number;
  label: string;
  prefix?: string;
  testId: string;
  animate: boolean;
}) {
  return (
    <li className="founder__reward" data-testid={testId} data-value={value}>
      <span className="founder__reward-value">
        {prefix}
        <NumberCounter value={value} animateFromZero={animate} />
      </span>
      <span className="founder__reward-label">{label}</span>
    </li>
  );
}

/**
 * Founder-pack / early-access newsletter sign-up of the home page (spec §1, §3, §5): the offer of
 * the server from the API (euro, energy, free keys; early access: start date in server time and
 * energy prize), a name + e-mail form validated before sending, duplicate and invalid addresses
 * answered with a translated message while the typed values stay, the invite-friends bonus copy.
 * Hidden when the server has no open offer or the API cannot be reached.
 */
export function FounderPack({ server }: { server: ServerCode }) {
  return (
    <Suspense fallback={null}>
      <FounderPackOffer server={server} />
    </Suspense>
  );
}

function FounderPackOffer({ server }: { server: ServerCode }) {
  const { t } = useTranslation('shell');
  const queryClient = useQueryClient();
  const offer = newsletterQuery(useApiClient(), useReadScope(server));
  const config = usePageQuery(offer).data ?? null;
  // Numbers that came with the page are shown at once; ones that arrive later count up.
  const [animate] = useState(config === null);
  const [errors, setErrors] = useState<Errors>({});
  const [state, setState] = useState<'idle' | 'sending' | 'done'>('idle');
  const [sentTo, setSentTo] = useState('');

  if (!config?.active || !config.rewards) return null;
  const early = config.kind === 'early_access' ? config.early_access : null;
  const serverName = findServer(server)?.name ?? server;

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    // The fields are uncontrolled: their values are the form's, including what was typed into the
    // server's HTML before the page hydrated (React keeps those values but never sees them typed).
    const values = new FormData(e.currentTarget);
    const form: SignupForm = { name: String(values.get('name') ?? ''), email: String(values.get('email') ?? '') };
    const { signupSchema } = await import('../forms/schemas');
    const parsed = signupSchema.safeParse(form);
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as keyof SignupForm] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    setState('sending');
    try {
      await apiClient.post('/newsletter', parsed.data);
      setSentTo(parsed.data.email);
      setState('done');
      queryClient.setQueryData(offer.queryKey, (c) => (c ? { ...c, signups: c.signups + 1 } : c));
      playSound('FX_Success');
      notifySuccess(t('founder.successTitle'));
      trackPixelEvent('Lead', { server, kind: config.kind });
    } catch (error) {
      setState('idle'); // the API client already showed the toast; the typed values stay
      const code = error instanceof AxiosError ? (error.response?.data as ApiErrorBody | undefined)?.error : undefined;
      if (code === 'ALREADY_SIGNED_UP') setErrors({ email: 'founder.errors.duplicate' });
      else if (code === 'VALIDATION_ERROR') setErrors({ email: 'founder.errors.email' });
    }
  };

  const field = (name: keyof SignupForm, label: string, type: 'text' | 'email') => (
    <div className="ui-field">
      <label htmlFor={`founder-${name}`}>{label}</label>
      <input
        id={`founder-${name}`}
        name={name}
        className="ui-input"
        type={type}
        defaultValue=""
        autoComplete={name === 'email' ? 'email' : 'name'}
        aria-invalid={!!errors[name]}
        aria-describedby={errors[name] ? `founder-${name}-error` : undefined}
      />
      {errors[name] ? (
        <p className="ui-field__error" id={`founder-${name}-error`}>
          {t(errors[name]!)}
        </p>
      ) : null}
    </div>
  );

  return (
    <section className="founder ui-container" aria-labelledby="founder-title" data-testid="founder-pack" data-kind={config.kind}>
      <div className="founder__card">
        <div className="founder__offer">
          <p className="founder__eyebrow">{t(early ? 'founder.eyebrowEarly' : 'founder.eyebrowFounder')}</p>
          <h2 id="founder-title" className="section-title">
            {t(early ? 'founder.titleEarly' : 'founder.titleFounder')}
          </h2>
          <p className="section-lead founder__lead">{t('founder.lead')}</p>
          <ul className="founder__rewards" aria-label={t('founder.rewardsLabel')}>
            <RewardTile value={config.rewards.euro} label={t('founder.euro')} prefix="€ " testId="reward-euro" animate={animate} />
            <RewardTile value={config.rewards.energy} label={t('founder.energy')} testId="reward-energy" animate={animate} />
            <RewardTile value={config.rewards.free_keys} label={t('founder.keys')} testId="reward-keys" animate={animate} />
          </ul>
          {early ? (
            <p className="founder__early" data-testid="early-access">
              <span className="founder__early-icon">
                <Icon name="bets" size={20} />
              </span>
              <span>
                {t('founder.early', {
                  date: formatServerDate(early.starts_at, server, 'dd-MM-yyyy HH:mm'),
                  server: serverName,
                  energy: early.energy.toLocaleString('en-US'),
                })}
              </span>
            </p>
          ) : null}
          <div className="founder__invite">
            <span className="founder__invite-icon">
              <Icon name="clubs" size={22} />
            </span>
            <div>
              <h3 className="founder__invite-title">{t('founder.inviteTitle')}</h3>
              <p className="founder__invite-text">{t('founder.inviteText')}</p>
            </div>
          </div>
        </div>

        <div className="founder__form-card">
          {state === 'done' ? (
            <div className="founder__done" role="status" data-testid="founder-done">
              <p className="founder__done-title">{t('founder.successTitle')}</p>
              <p>{t('founder.successText', { email: sentTo })}</p>
            </div>
          ) : (
            <form noValidate onSubmit={submit} aria-labelledby="founder-title">
              {field('name', t('founder.name'), 'text')}
              {field('email', t('founder.email'), 'email')}
              <button
                type="submit"
                className="ui-btn ui-btn--gold founder__submit"
                disabled={state === 'sending'}
                data-testid="founder-submit"
              >
                {state === 'sending' ? t('founder.sending') : t('founder.submit')}
              </button>
              <p className="founder__consent">{t('founder.consent')}</p>
            </form>
          )}
          <p className="founder__count" data-testid="founder-count">
            {config.signups > 0 ? t('founder.signups', { count: config.signups }) : t('founder.first')}
          </p>
        </div>
      </div>
    </section>
  );
}
