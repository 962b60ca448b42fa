import { Suspense, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  NumberCounter,
  apiGet,
  findServer,
  formatNumber,
  formatServerDate,
  isApiError,
  notifySuccess,
  playSound,
  trackPixelEvent,
  useApiClient,
  usePageQuery,
  useReadScope,
  type ApiClient,
  type ReadScope,
  type ServerCode,
} from '@landing/shared';
import type { NewsletterBody, NewsletterConfig } from '@landing/domain/schemas/newsletter';
import { postNewsletter } from '../data/post-newsletter';
import { FormField } from '../forms/FormField';
import { lazyZodResolver } from '@landing/shared/forms';
import { Icon } from './icons';

/** Answer of `GET /{server}/newsletter`: the API's own schema (`@landing/domain/schemas/newsletter`). */
export type { NewsletterConfig };

/** The domain's `NewsletterBody` with one translation key per field. */
const resolver = lazyZodResolver<NewsletterBody>(() => import('@landing/domain/schemas/newsletter').then((m) => m.NewsletterBody), {
  message: (_error, field) => `founder.errors.${field}`,
});

/**
 * The server's newsletter offer (`GET /{server}/newsletter`) as a page query, server-rendered
 * with the home page. Rejects on any API error: a failed refetch then keeps the offer shown (the
 * query keeps its last answer) with what the player typed; with no answer at all the section is
 * hidden. On the server a failure leaves the section to the browser (its Suspense boundary).
 */
function newsletterQuery(api: ApiClient, scope: ReadScope) {
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
 * @param onLive  called once the form's React handlers are attached (hydrated or rendered)
 */
export function FounderPack({ server, onLive }: { server: ServerCode; onLive?: () => void }) {
  return (
    <Suspense fallback={null}>
      <FounderPackOffer server={server} onLive={onLive} />
    </Suspense>
  );
}

function FounderPackOffer({ server, onLive }: { server: ServerCode; onLive?: () => void }) {
  useEffect(() => onLive?.(), [onLive]);
  const { t } = useTranslation('shell');
  const queryClient = useQueryClient();
  const offer = newsletterQuery(useApiClient(), useReadScope(server));
  const config = usePageQuery(offer).data ?? null;
  // Numbers that came with the page are shown at once; ones that arrive later count up.
  const [animate] = useState(config === null);
  // No default values: the fields are uncontrolled, and react-hook-form then takes what the DOM
  // holds when it registers them, including what was typed into the server's HTML before the page
  // hydrated (React keeps those values but never sees them typed).
  const { register, handleSubmit, setError, formState } = useForm<NewsletterBody, unknown, NewsletterBody>({
    resolver,
    reValidateMode: 'onSubmit',
  });
  const signUp = useMutation({
    mutationFn: postNewsletter,
    onSuccess: () => {
      queryClient.setQueryData(offer.queryKey, (c) => (c ? { ...c, signups: c.signups + 1 } : c));
      playSound('FX_Success');
      notifySuccess(t('founder.successTitle'));
      if (config) trackPixelEvent('Lead', { server, kind: config.kind });
    },
    onError: (error) => {
      // The API client already showed the toast; the typed values stay.
      const code = isApiError(error) ? error.response?.data?.error : undefined;
      if (code === 'ALREADY_SIGNED_UP') setError('email', { message: 'founder.errors.duplicate' });
      else if (code === 'VALIDATION_ERROR') setError('email', { message: 'founder.errors.email' });
    },
  });

  if (!config?.active || !config.rewards) return null;
  const early = config.kind === 'early_access' ? config.early_access : null;
  const serverName = findServer(server)?.name ?? server;
  const field = (name: keyof NewsletterBody, label: string, type: 'text' | 'email') => (
    <FormField id={`founder-${name}`} label={label} type={type} error={formState.errors[name]?.message} registration={register(name)} />
  );

  return (
    <section
      id="founder-pack"
      className="founder ui-container"
      aria-labelledby="founder-title"
      data-testid="founder-pack"
      data-kind={config.kind}
    >
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
                  energy: formatNumber(early.energy),
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
          {signUp.isSuccess ? (
            <div className="founder__done" role="status" data-testid="founder-done">
              <p className="founder__done-title">{t('founder.successTitle')}</p>
              <p>{t('founder.successText', { email: signUp.variables.email })}</p>
            </div>
          ) : (
            <form noValidate onSubmit={handleSubmit((body) => signUp.mutate(body))} aria-labelledby="founder-title">
              {field('name', t('founder.name'), 'text')}
              {field('email', t('founder.email'), 'email')}
              <button
                type="submit"
                className="ui-btn ui-btn--gold founder__submit"
                disabled={signUp.isPending}
                data-testid="founder-submit"
              >
                {signUp.isPending ? t('founder.sending') : t('founder.submit')}
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
