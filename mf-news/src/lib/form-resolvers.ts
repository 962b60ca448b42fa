/**
 * react-hook-form resolvers of the comment form and the poll: the kit's lazy resolver
 * (`@landing/shared/forms`) over the schemas of ./form-schemas.ts, which bring zod and are loaded
 * at a form's first check, so the article's first load does not carry zod (docs/PERFORMANCE.md).
 * Each error's message is the schema's issue code, translated by the form.
 */
import { lazyZodResolver, type LazyResolver } from '@landing/shared/forms';
import type { CommentRules } from '@landing/domain/schemas/news';

/** What the comment form holds. */
export type CommentFormValues = { text: string };

/** What the poll form holds: the chosen option ids. */
export type VoteFormValues = { options: number[] };

const schemas = () => import('./form-schemas');

/** Resolver of the comment form: `CommentBody.text` under the server's `comment_rules` (messages `tooShort` / `tooLong`). */
export function commentFormResolver(rules: Pick<CommentRules, 'min_length' | 'max_length'>): LazyResolver<CommentFormValues> {
  return lazyZodResolver<CommentFormValues>(() => schemas().then((m) => m.commentFormSchema(rules)));
}

/** Resolver of the poll form: `VoteBody.options`, at least one (message `chooseFirst`). */
export const voteFormResolver: LazyResolver<VoteFormValues> = lazyZodResolver<VoteFormValues>(() =>
  schemas().then((m) => m.voteFormSchema),
);
