import { useTranslation } from 'react-i18next';
import { formatServerDate } from '@landing/shared';
import type { NewsReply } from '@landing/domain/schemas/news';

/** Initial of a nickname for the avatar. */
function initial(name: string): string {
  return [...name.trim()][0]?.toUpperCase() ?? '?';
}

/**
 * One comment or reply (spec §1, §3): avatar initial, nickname, OVR, date in the server's time
 * zone and the text. The text is plain text rendered as text: markup is shown, never run.
 */
export function CommentView({ server, comment, onReply }: { server: string; comment: NewsReply; onReply: () => void }) {
  const { t } = useTranslation('news');
  return (
    <article className="news-comment" id={`comment-${comment.id}`} data-testid="comment">
      <span className="news-comment__avatar ui-disc" aria-hidden="true">
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
