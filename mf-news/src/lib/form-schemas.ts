/**
 * zod schemas of the remote's two forms, built on the API's request schemas in
 * `@landing/domain/schemas/news` (the comment form on `CommentBody`, the poll on `VoteBody`). Each
 * issue's `message` is a code the form translates, not a text. Loaded on demand through ./form-resolvers.ts, so zod is fetched at a
 * form's first check, not with the article.
 */
import { CommentBody, VoteBody, type CommentRules } from '@landing/domain/schemas/news';
import { commentProblem, type CommentProblem } from './rules';

/**
 * The comment form's schema: `CommentBody.text` with the server's `comment_rules` (spec §5).
 * Issue messages: `tooShort` / `tooLong` ({@link CommentProblem}); a text over the API's own
 * limit (the domain's `max`) is reported as `tooLong` by the form.
 */
export function commentFormSchema(rules: Pick<CommentRules, 'min_length' | 'max_length'>) {
  return CommentBody.pick({ text: true }).superRefine(({ text }, ctx) => {
    const problem = commentProblem(text, rules);
    if (problem) ctx.addIssue({ code: 'custom', path: ['text'], message: problem satisfies CommentProblem });
  });
}

/** The poll form's schema: `VoteBody.options` with at least one answer (issue message `chooseFirst`). */
export const voteFormSchema = VoteBody.pick({ options: true }).refine(({ options }) => options.length > 0, {
  path: ['options'],
  message: 'chooseFirst',
});
