import { useEffect, useId, type FormEvent, type MouseEvent } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ProgressRing, PROGRESS_RING, formatServerDate, notifyError, notifyInfo, openLogin } from '@landing/shared';
import type { NewsPoll as PollData } from '@landing/domain/schemas/news';
import { usePostVote } from '../api/post-vote';
import { useNow } from '../hooks/use-now';
import { voteFormResolver, type VoteFormValues } from '../lib/form-resolvers';
import { playLockSound } from '../lib/lock-sound';
import { isSingleChoice, pollLock, type PollLock, type RuleUser } from '../lib/rules';

export interface PollProps {
  server: string;
  poll: PollData;
  /** The logged-in user of this server, or null for a visitor (and while `pending`). */
  user: RuleUser | null;
  /**
   * A player is logged in but their own record or ballot is not in yet (the server's render and
   * hydration of a page all players share): the options show, nothing can be chosen or sent, and
   * no login prompt appears.
   */
  pending?: boolean;
  /** The article's slug: a vote refreshes its data (spec §4, `usePostVote`). */
  slug: string;
}

/**
 * A news poll (spec §3, §4, §5): a react-hook-form over the domain's `VoteBody` options, sent by
 * `usePostVote`. `single` polls are radio buttons, anything else checkboxes. Each
 * answer shows its `votes_percent` in a progress ring of size 40 (spec §9). Voting is enabled only
 * for a logged-in player with `ovr >= limit_ovr` while the poll is open and not yet voted in;
 * otherwise the matching message is shown, and clicking a locked answer plays the lock sound and
 * shows the lock error. A vote posts `{ questionnaire_id, options }` to `/votes`, shows the answer's
 * `info` as a notification and refreshes the article; a refused vote (422 INVALID_VOTE, already
 * toasted by the shared client) refreshes it too, so the poll shows why.
 */
export function Poll({ server, slug, poll, user, pending = false }: PollProps) {
  const { t } = useTranslation('news');
  const titleId = useId();
  const statusId = useId();
  const now = useNow(poll.finish_at);
  const found = pollLock(poll, user, now);
  // Until the player's own state is known, only a closed poll says why it is locked.
  const lock = pending && found !== 'closed' ? null : found;
  const single = isSingleChoice(poll.type);
  const closed = lock === 'closed';
  const { handleSubmit, reset, setValue, watch, clearErrors, formState } = useForm<VoteFormValues>({
    defaultValues: { options: [] },
    resolver: voteFormResolver,
    mode: 'onSubmit',
  });
  const selected = watch('options');
  // Pending until the article is refreshed. A refused vote (null) refreshes it too, so the poll
  // shows why. On other errors the shared client has shown the message; the choice stays for another try.
  const mutation = usePostVote(slug, (answer) => answer && notifyInfo(answer.info));

  // A new poll state from the server replaces a local selection that no longer applies.
  const votedKey = poll.voted_options?.join(',') ?? '';
  useEffect(() => {
    reset({ options: [] });
  }, [poll.id, votedKey, reset]);

  const lockMessage = (reason: PollLock): string => {
    switch (reason) {
      case 'closed':
        return t('poll.closed');
      case 'login':
        return t('poll.loginRequired');
      case 'voted':
        return t('poll.voted');
      case 'ovr':
        return t('poll.ovrTooLow', { level: poll.limit_ovr });
    }
  };

  /** A locked answer or vote: lock sound + lock error (spec §4), and the choice does not change. */
  const refuse = (reason: PollLock) => {
    playLockSound();
    notifyError(lockMessage(reason));
  };

  const onOptionClick = (event: MouseEvent<HTMLInputElement>) => {
    if (pending && !lock) return void event.preventDefault();
    if (!lock) return;
    event.preventDefault();
    refuse(lock);
  };

  const toggle = (id: number, checked: boolean) => {
    if (lock || pending) return;
    clearErrors('options');
    setValue('options', single ? [id] : checked ? [...new Set([...selected, id])] : selected.filter((x) => x !== id));
  };

  const submit = (event: FormEvent) => {
    if (pending && !lock) return void event.preventDefault();
    if (lock) {
      event.preventDefault();
      refuse(lock);
      return;
    }
    void handleSubmit((values) => mutation.mutate({ pollId: poll.id, options: values.options }))(event);
  };
  const hint = formState.errors.options ? t('poll.chooseFirst') : null;
  const sending = mutation.isPending;

  const voted = new Set(poll.voted_options ?? []);
  const best = Math.max(0, ...poll.options.map((o) => o.votes_percent));
  const dateText = formatServerDate(poll.finish_at, server);

  return (
    <section
      className={`news-poll ui-card${closed ? ' is-closed' : ''}`}
      aria-labelledby={titleId}
      data-testid="news-poll"
      data-poll-type={poll.type}
    >
      <header className="news-poll__head">
        <span className="news-badge news-badge--poll">{t('poll.badge')}</span>
        <h2 id={titleId} className="news-poll__question">
          {poll.question}
        </h2>
        <ul className="news-poll__meta">
          <li>{single ? t('poll.single') : t('poll.multiple')}</li>
          {poll.limit_ovr > 0 ? <li>{t('poll.minOvr', { value: poll.limit_ovr })}</li> : null}
          <li>
            <time dateTime={poll.finish_at}>
              {closed ? t('poll.closedOn', { date: dateText }) : t('poll.openUntil', { date: dateText })}
            </time>
          </li>
        </ul>
      </header>

      <form onSubmit={submit} noValidate>
        <fieldset className="news-poll__options" aria-describedby={statusId}>
          <legend className="ui-visually-hidden">{poll.question}</legend>
          {poll.options.map((option) => {
            const mine = voted.has(option.id);
            const checked = mine || selected.includes(option.id);
            const leading = closed && poll.total_votes > 0 && option.votes_percent === best;
            return (
              <label
                key={option.id}
                className={['news-poll__option', checked ? 'is-checked' : '', lock ? 'is-locked' : '', leading ? 'is-leading' : '']
                  .filter(Boolean)
                  .join(' ')}
                data-testid="poll-option"
              >
                <input
                  type={single ? 'radio' : 'checkbox'}
                  name={`poll-${poll.id}`}
                  value={option.id}
                  checked={checked}
                  aria-disabled={lock ? true : undefined}
                  onClick={onOptionClick}
                  onChange={(e) => toggle(option.id, e.target.checked)}
                />
                <span className="news-poll__answer">
                  <span className="news-poll__answer-text">{option.answer}</span>
                  {mine ? <span className="news-poll__tag ui-tint">{t('poll.yourChoice')}</span> : null}
                  {leading ? <span className="news-poll__tag ui-tint news-poll__tag--gold">{t('poll.leading')}</span> : null}
                  <span className="news-poll__bar" aria-hidden="true">
                    <span style={{ width: `${option.votes_percent}%` }} />
                  </span>
                </span>
                <ProgressRing
                  value={option.votes_percent}
                  min={0}
                  max={100}
                  size={PROGRESS_RING.pollSize}
                  strokeWidth={4}
                  label={t('poll.optionLabel', { answer: option.answer, percent: option.votes_percent })}
                  className="news-poll__ring"
                >
                  <span className="news-poll__percent">{option.votes_percent}%</span>
                </ProgressRing>
              </label>
            );
          })}
        </fieldset>

        <footer className="news-poll__foot">
          <span className="news-poll__total">{t('poll.votes', { count: poll.total_votes })}</span>
          <p id={statusId} className={`news-poll__status${lock ? ' is-locked' : ''}`} role="status" data-testid="poll-status">
            {lock ? lockMessage(lock) : hint}
          </p>
          {lock === 'login' ? (
            <button type="button" className="ui-btn ui-btn--ghost" onClick={() => openLogin({ stayOnPage: true })}>
              {t('poll.login')}
            </button>
          ) : lock ? null : (
            <button type="submit" className="ui-btn" disabled={sending || pending} aria-busy={sending || pending || undefined}>
              {sending ? t('poll.voting') : t('poll.vote')}
            </button>
          )}
        </footer>
      </form>
    </section>
  );
}
