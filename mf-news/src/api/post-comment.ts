/** `POST /news/{slug}/comments`: a comment or a reply (spec §5), through the shared client (spec §8 errors). */
import { apiClient } from '@landing/shared';
import type { CommentBody, PostedComment } from '@landing/domain/schemas/news';

/** What a comment post needs: the article and the body the API reads. */
export interface PostCommentInput {
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
export async function postComment({ slug, text, parentId }: PostCommentInput): Promise<PostedComment> {
  const body: CommentBody = { text, ...(parentId !== null ? { parent_id: parentId } : {}) };
  const { data } = await apiClient.post<PostedComment>(`/news/${encodeURIComponent(slug)}/comments`, body);
  return data;
}
