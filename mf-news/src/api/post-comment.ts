/** `POST /news/{slug}/comments`: a comment or a reply (spec §5), through the shared client (spec §8 errors). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@landing/shared';
import type { CommentBody, NewsArticle, NewsComment, PostedComment } from '@landing/domain/schemas/news';
import { isArticleKeyOf } from './keys';

/** What a comment post needs: the article and the body the API reads. */
interface PostCommentInput {
  slug: string;
  /** Trimmed plain text. */
  text: string;
  /** Top-level comment replied to, or null for a new thread. */
  parentId: number | null;
}

/**
 * Posts a comment; the mutation function of the comment form. Resolves to the posted comment and
 * the article's new count; rejects on an API error (the shared client has shown its toast).
 */
async function postComment({ slug, text, parentId }: PostCommentInput): Promise<PostedComment> {
  const body: CommentBody = { text, ...(parentId !== null ? { parent_id: parentId } : {}) };
  const { data } = await apiClient.post<PostedComment>(`/news/${encodeURIComponent(slug)}/comments`, body);
  return data;
}

/** `comments` with the posted `comment` in place: a new thread on top, a reply at the end of its thread. */
export function withPostedComment(comments: NewsComment[], { comment }: PostedComment): NewsComment[] {
  return comment.parent_id === null
    ? [{ ...comment, replies: [] }, ...comments]
    : comments.map((c) => (c.id === comment.parent_id ? { ...c, replies: [...c.replies, comment] } : c));
}

/**
 * {@link postComment} as a mutation: a posted comment joins every cached copy of its article (any
 * language or viewer, {@link isArticleKeyOf}) with the new count, so the article shows it without
 * a refetch.
 */
export function usePostComment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: postComment,
    onSuccess: (posted, { slug }) =>
      client.setQueriesData<NewsArticle | null>({ predicate: (query) => isArticleKeyOf(query.queryKey, slug) }, (article) =>
        article ? { ...article, comments: withPostedComment(article.comments, posted), comments_count: posted.comments_count } : article,
      ),
  });
}
