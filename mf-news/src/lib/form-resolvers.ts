/**
 * react-hook-form resolvers of the comment form and the poll that load their zod schemas
 * (./form-schemas.ts, with zod) at the first check, so the article's first load does not carry
 * zod (docs/PERFORMANCE.md). Same results as the `zodResolver`s they wrap.
 */
import type { Resolver } from 'react-hook-form';
import type { CommentRules } from '@landing/domain/schemas/news';

/** What the comment form holds. */
export type CommentFormValues = { text: string };

/** What the poll form holds: the chosen option ids. */
export type VoteFormValues = { options: number[] };

const schemas = () => import('./form-schemas');

/** Resolver of the comment form: `CommentBody.text` under the server's `comment_rules` (messages `tooShort` / `tooLong`). */
export function commentFormResolver(rules: Pick<CommentRules, 'min_length' | 'max_length'>): Resolver<CommentFormValues> {
  return async (values, context, options) => (await schemas()).commentResolver(rules)(values, context, options);
}

/** Resolver of the poll form: `VoteBody.options`, at least one (message `chooseFirst`). */
export const voteFormResolver: Resolver<VoteFormValues> = async (values, context, options) =>
  (await schemas()).voteResolver(values, context, options);
