import { useEffect, useId, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { openLogin } from '@landing/shared';
import type { CommentRules, PostedComment } from '@landing/domain/schemas/news';
import { usePostComment } from '../api/post-comment';
import { commentFormResolver, type CommentFormValues } from '../lib/form-resolvers';
import { commentLength, commentLock, type RuleUser } from '../lib/rules';

/** Where a composer posts: the article (`root`) or the thread of a top-level comment. */
export type ComposerTarget = { key: string; parentId: number | null; replyTo?: string };

export interface CommentComposerProps {
  /** Slug of the article commented on. */
  slug: string;
  target: ComposerTarget;
  rules: CommentRules;
  user: RuleUser | null;
  /** A player is logged in but their own record is not in yet: the form shows and cannot be sent. */
  pending?: boolean;
  /** The draft kept by the comment list (survives this form's unmounting, e.g. a login in between). */
  draft: string;
  /** Called with the text on every edit (and with '' after a successful post). */
  onDraft: (text: string) => void;
  /** Called with the API's answer once the comment is posted. */
  onPosted: (posted: PostedComment) => void;
  onCancel?: () => void;
  autoFocus?: boolean;
}

/**
 * The form to write a comment or a reply (react-hook-form over the domain's `CommentBody` with the
 * server's rules, posted by `usePostComment` of src/api/post-comment.ts), or — when commenting is not possible — the message
 * of spec §8 ('Users must be logged in to comment' with a login button, or 'Only players with OVR
 * higher than {value} can comment'). The length is checked before sending ('The comment must be
 * at least {min} characters long'); the text is kept on any error (the shared client has shown
 * the API's message).
 */
export function CommentComposer({
  slug,
  target,
  rules,
  user,
  pending = false,
  draft,
  onDraft,
  onPosted,
  onCancel,
  autoFocus,
}: CommentComposerProps) {
  const { t } = useTranslation('news');
  const id = useId();
  const lock = pending ? null : commentLock(user, rules);
  const {
    register,
    handleSubmit,
    reset,
    watch,
    formState: { errors },
  } = useForm<CommentFormValues>({
    // Without a draft, no default value: react-hook-form then takes what the field holds when it
    // registers it, including what was typed into the server's HTML before its code was in.
    defaultValues: draft ? { text: draft } : undefined,
    resolver: commentFormResolver(rules),
    mode: 'onSubmit',
  });
  const mutation = usePostComment();
  const area = useRef<HTMLTextAreaElement | null>(null);

  useEffect(() => {
    if (autoFocus && !lock) area.current?.focus();
  }, [autoFocus, lock]);

  if (lock) {
    return (
      <div className="news-notice" data-testid="comment-lock">
        <p className="news-notice__text">
          {lock === 'login' ? t('comments.loginRequired') : t('comments.ovrTooLow', { value: rules.min_ovr })}
        </p>
        <div className="news-notice__actions">
          {lock === 'login' ? (
            <button type="button" className="ui-btn" onClick={() => openLogin({ stayOnPage: true })}>
              {t('comments.login')}
            </button>
          ) : null}
          {onCancel ? (
            <button type="button" className="ui-btn ui-btn--ghost" onClick={onCancel}>
              {t('comments.cancel')}
            </button>
          ) : null}
        </div>
      </div>
    );
  }

  const field = register('text', { onChange: (event: { target: { value: string } }) => onDraft(event.target.value) });
  const problem = errors.text?.message;
  const length = commentLength(watch('text') ?? '');
  const post = ({ text }: CommentFormValues) =>
    mutation.mutate(
      { slug, text: text.trim(), parentId: target.parentId },
      {
        onSuccess: (posted) => {
          reset({ text: '' });
          onDraft('');
          onPosted(posted);
        },
        onError: () => area.current?.focus(),
      },
    );

  return (
    <form
      className="news-composer"
      onSubmit={(event) => (pending ? event.preventDefault() : void handleSubmit(post)(event))}
      noValidate
      data-testid={target.parentId === null ? 'comment-form' : 'reply-form'}
    >
      <label htmlFor={id} className="news-composer__label">
        {target.replyTo ? t('comments.replyLabel', { name: target.replyTo }) : t('comments.label')}
      </label>
      <textarea
        id={id}
        className="ui-input news-composer__input"
        rows={target.parentId === null ? 4 : 3}
        placeholder={t('comments.placeholder')}
        aria-invalid={problem ? true : undefined}
        aria-describedby={`${id}-error ${id}-count`}
        {...field}
        ref={(element) => {
          field.ref(element);
          area.current = element;
        }}
      />
      <div className="news-composer__foot">
        <p id={`${id}-error`} className="ui-field__error news-composer__error" role="alert">
          {problem === 'tooShort'
            ? t('comments.tooShort', { min: rules.min_length })
            : problem
              ? t('comments.tooLong', { max: rules.max_length })
              : null}
        </p>
        <span id={`${id}-count`} className={`news-composer__count${length > rules.max_length ? ' is-over' : ''}`}>
          {t('comments.counter', { length, max: rules.max_length })}
        </span>
        <div className="news-composer__actions">
          {onCancel ? (
            <button type="button" className="ui-btn ui-btn--ghost" onClick={onCancel}>
              {t('comments.cancel')}
            </button>
          ) : null}
          <button
            type="submit"
            className="ui-btn"
            disabled={mutation.isPending || pending}
            aria-busy={mutation.isPending || pending || undefined}
          >
            {mutation.isPending ? t('comments.posting') : target.parentId === null ? t('comments.submit') : t('comments.submitReply')}
          </button>
        </div>
      </div>
    </form>
  );
}
