import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '@landing/shared';
import type { CommentRules, NewsComment as CommentData, NewsReply as ReplyData, PostedComment } from '@landing/domain/schemas/news';
import type { RuleUser } from '../lib/rules';
import { CommentComposer, type ComposerTarget as Target } from './CommentComposer';
import { CommentView } from './CommentView';
import { withPostedComment } from '../api/post-comment';

export interface CommentsProps {
  server: string;
  slug: string;
  comments: CommentData[];
  /** Comments including replies. */
  count: number;
  rules: CommentRules;
  /** The logged-in user of this server, or null for a visitor (and while `pending`). */
  user: RuleUser | null;
  /** A player is logged in but their own record is not in yet: the form shows, not the login prompt. */
  pending?: boolean;
}

/**
 * Comments of an article (spec §1, §3, §5): the count, a form for a new comment, and the list
 * threaded one level (a reply to a reply joins its thread). A posted comment shows at once. Drafts
 * live here, so a failed post or a login in between keeps what was typed.
 */
export function Comments({ server, slug, comments: initialComments, count: initialCount, rules, user, pending = false }: CommentsProps) {
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

  /** Shows a posted comment at once (to its author; `usePostComment` has put it into the cached article). */
  const posted = (target: Target, answer: PostedComment): void => {
    setComments(withPostedComment(comments, answer));
    setCount(answer.comments_count);
    if (target.parentId !== null) setReplyTarget(null);
    notifySuccess(t('comments.posted'));
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

      <CommentComposer
        slug={slug}
        target={root}
        rules={rules}
        user={user}
        pending={pending}
        draft={drafts.root ?? ''}
        onDraft={(v) => setDraft('root', v)}
        onPosted={(answer) => posted(root, answer)}
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
                    <CommentComposer
                      slug={slug}
                      target={replyTarget}
                      rules={rules}
                      user={user}
                      pending={pending}
                      draft={drafts[replyTarget.key] ?? ''}
                      onDraft={(v) => setDraft(replyTarget.key, v)}
                      onPosted={(answer) => posted(replyTarget, answer)}
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
