import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatServerDate, notifySuccess } from '@landing/shared';
import type { CommentRules, NewsComment as CommentData, NewsReply as ReplyData } from '@landing/domain/schemas/news';
import { postComment } from '../api/post-comment';
import { commentLength, commentLock, commentProblem, type RuleUser } from '../lib/rules';
import { openLogin } from '../lib/open-login';

export interface CommentsProps {
  server: string;
  slug: string;
  comments: CommentData[];
  /** Comments including replies. */
  count: number;
  rules: CommentRules;
  /** The logged-in user of this server, or null for a visitor. */
  user: RuleUser | null;
  /** Called with the new list and count after a comment is posted. */
  onChange?: (comments: CommentData[], count: number) => void;
}

/** Where a composer posts: the article (`root`) or the thread of a top-level comment. */
type Target = { key: string; parentId: number | null; replyTo?: string };

interface ComposerProps {
  target: Target;
  rules: CommentRules;
  user: RuleUser | null;
  value: string;
  onChange: (value: string) => void;
  onSubmit: () => Promise<boolean>;
  onCancel?: () => void;
  autoFocus?: boolean;
}

/**
 * The form to write a comment or a reply, or — when commenting is not possible — the message of
 * spec §8 ('Users must be logged in to comment' with a login button, or 'Only players with OVR
 * higher than {value} can comment'). The minimum length is checked before sending ('The comment
 * must be at least {min} characters long'); the text is kept on any error.
 */
function Composer({ target, rules, user, value, onChange, onSubmit, onCancel, autoFocus }: ComposerProps) {
  const { t } = useTranslation('news');
  const id = useId();
  const area = useRef<HTMLTextAreaElement>(null);
  const [tried, setTried] = useState(false);
  const [posting, setPosting] = useState(false);
  const lock = commentLock(user, rules);

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
            <button type="button" className="ui-btn" onClick={openLogin}>
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

  const problem = commentProblem(value, rules);
  const showProblem = tried && problem;
  const length = commentLength(value);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (problem) {
      area.current?.focus();
      return;
    }
    setPosting(true);
    const ok = await onSubmit();
    setPosting(false);
    if (ok) setTried(false);
    else area.current?.focus();
  };

  return (
    <form className="news-composer" onSubmit={submit} noValidate data-testid={target.parentId === null ? 'comment-form' : 'reply-form'}>
      <label htmlFor={id} className="news-composer__label">
        {target.replyTo ? t('comments.replyLabel', { name: target.replyTo }) : t('comments.label')}
      </label>
      <textarea
        id={id}
        ref={area}
        className="ui-input news-composer__input"
        rows={target.parentId === null ? 4 : 3}
        value={value}
        placeholder={t('comments.placeholder')}
        aria-invalid={showProblem ? true : undefined}
        aria-describedby={`${id}-error ${id}-count`}
        onChange={(e) => onChange(e.target.value)}
      />
      <div className="news-composer__foot">
        <p id={`${id}-error`} className="ui-field__error news-composer__error" role="alert">
          {showProblem === 'tooShort'
            ? t('comments.tooShort', { min: rules.min_length })
            : showProblem === 'tooLong'
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
          <button type="submit" className="ui-btn" disabled={posting} aria-busy={posting || undefined}>
            {posting ? t('comments.posting') : target.parentId === null ? t('comments.submit') : t('comments.submitReply')}
          </button>
        </div>
      </div>
    </form>
  );
}

/** Initial of a nickname for the avatar. */
function initial(name: string): string {
  return [...name.trim()][0]?.toUpperCase() ?? '?';
}

/** One comment or reply. The text is plain text rendered as text: markup is shown, never run. */
function CommentView({ server, comment, onReply }: { server: string; comment: ReplyData; onReply: () => void }) {
  const { t } = useTranslation('news');
  return (
    <article className="news-comment" id={`comment-${comment.id}`} data-testid="comment">
      <span className="news-comment__avatar" aria-hidden="true">
        {initial(comment.author.nickname)}
      </span>
      <div className="news-comment__main">
        <header className="news-comment__head">
          <span className="news-comment__name">{comment.author.nickname}</span>
          <span className="news-comment__ovr">{t('comments.ovr', { value: comment.author.ovr })}</span>
          <time className="news-comment__date" dateTime={comment.created_at}>
            {formatServerDate(comment.created_at, server)}
          </time>
        </header>
        <p className="news-comment__text" data-testid="comment-text">
          {comment.text}
        </p>
        <button type="button" className="news-comment__reply" onClick={onReply}>
          {t('comments.reply')}
        </button>
      </div>
    </article>
  );
}

/**
 * Comments of an article (spec §1, §3, §5): the count, a form for a new comment, and the list
 * threaded one level (a reply to a reply joins its thread). Drafts live here, so a failed post
 * or a login in between keeps what was typed.
 */
export function Comments({ server, slug, comments: initialComments, count: initialCount, rules, user, onChange }: CommentsProps) {
  const { t } = useTranslation('news');
  const titleId = useId();
  const [comments, setComments] = useState(initialComments);
  const [count, setCount] = useState(initialCount);
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [replyTarget, setReplyTarget] = useState<Target | null>(null);

  // A refreshed article (after a vote or a login) brings the current list.
  useEffect(() => {
    setComments(initialComments);
    setCount(initialCount);
  }, [initialComments, initialCount]);

  const setDraft = (key: string, value: string) => setDrafts((d) => ({ ...d, [key]: value }));

  const post = async (target: Target): Promise<boolean> => {
    const text = drafts[target.key] ?? '';
    try {
      const { comment, comments_count } = await postComment({ slug, text: text.trim(), parentId: target.parentId });
      const next =
        comment.parent_id === null
          ? [{ ...comment, replies: [] }, ...comments]
          : comments.map((c) => (c.id === comment.parent_id ? { ...c, replies: [...c.replies, comment] } : c));
      setComments(next);
      setCount(comments_count);
      setDrafts((d) => ({ ...d, [target.key]: '' }));
      if (target.parentId !== null) setReplyTarget(null);
      onChange?.(next, comments_count);
      notifySuccess(t('comments.posted'));
      return true;
    } catch {
      // The shared client showed the API's message; the draft stays as typed.
      return false;
    }
  };

  const root: Target = { key: 'root', parentId: null };
  const replyTo = (thread: CommentData, to: ReplyData): void =>
    setReplyTarget({ key: `thread-${thread.id}`, parentId: thread.id, replyTo: to.author.nickname });

  return (
    <section className="news-comments" aria-labelledby={titleId} data-testid="comments">
      <header className="news-comments__head">
        <h2 id={titleId} className="news-comments__title">
          {t('comments.title')}
        </h2>
        <span className="news-comments__count" data-testid="comments-count" data-count={count}>
          {t('comments.count', { count })}
        </span>
      </header>

      <Composer
        target={root}
        rules={rules}
        user={user}
        value={drafts.root ?? ''}
        onChange={(v) => setDraft('root', v)}
        onSubmit={() => post(root)}
      />

      {comments.length === 0 ? (
        <p className="news-comments__empty">{t('comments.empty')}</p>
      ) : (
        <ol className="news-comments__list">
          {comments.map((thread) => (
            <li key={thread.id} className="news-comments__thread">
              <CommentView server={server} comment={thread} onReply={() => replyTo(thread, thread)} />
              {thread.replies.length > 0 || replyTarget?.parentId === thread.id ? (
                <div className="news-comments__replies">
                  {thread.replies.length > 0 ? (
                    <ol aria-label={t('comments.replies', { count: thread.replies.length })}>
                      {thread.replies.map((reply) => (
                        <li key={reply.id}>
                          <CommentView server={server} comment={reply} onReply={() => replyTo(thread, reply)} />
                        </li>
                      ))}
                    </ol>
                  ) : null}
                  {replyTarget?.parentId === thread.id ? (
                    <Composer
                      target={replyTarget}
                      rules={rules}
                      user={user}
                      value={drafts[replyTarget.key] ?? ''}
                      onChange={(v) => setDraft(replyTarget.key, v)}
                      onSubmit={() => post(replyTarget)}
                      onCancel={() => setReplyTarget(null)}
                      autoFocus
                    />
                  ) : null}
                </div>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
