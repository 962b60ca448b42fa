/**
 * News rules (spec §4 poll states, §5 comment and vote rules, §9 values are parameters): what the
 * article page offers before anything is sent and what the API enforces whatever the page shows.
 */

/** Articles per page of the list when `per_page` is not given. */
export const NEWS_PER_PAGE = 9;
/** Largest `per_page` accepted. */
export const NEWS_MAX_PER_PAGE = 24;
/** Largest `page` accepted. */
export const NEWS_MAX_PAGE = 9999;

/** Article slugs: lowercase words joined by dashes, at most {@link SLUG_MAX_LENGTH} characters. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SLUG_MAX_LENGTH = 160;

/** Whether `value` is a well-formed article slug (the shell's route check; the API answers 404 for unknown ones). */
export function isSlug(value: string | undefined): value is string {
  return !!value && value.length <= SLUG_MAX_LENGTH && SLUG_PATTERN.test(value);
}

/**
 * Comment rules (spec §5, §9). Defaults; the API overrides `minLength` and `minOvr` per server
 * (settings table) and hands the effective ones to the page as `comment_rules`.
 */
export const COMMENT_RULE_DEFAULTS = {
  /** Minimum characters (Unicode code points, after {@link normaliseCommentText}). */
  minLength: 10,
  /** Maximum characters. */
  maxLength: 1000,
  /** A player may comment when their OVR is strictly higher than this. */
  minOvr: 45,
} as const;

/** Longest comment body the API reads at all (longer bodies are refused before the rules run). */
export const COMMENT_BODY_MAX_LENGTH = 5000;

/**
 * Normalises typed text as the API stores it: well-formed Unicode, `\r\n` → `\n`, control
 * characters other than newline and tab removed, surrounding white space trimmed.
 */
export function normaliseCommentText(text: string): string {
  return (
    text
      .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD')
      .replace(/\r\n?/g, '\n')
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g, '')
      .trim()
  );
}

/** Length of a comment as the rules count it: Unicode code points of the normalised text (SQL `char_length`). */
export function commentLength(text: string): number {
  return [...normaliseCommentText(text)].length;
}

/** What is wrong with a comment's text (the API's error codes). */
export type CommentProblem = 'COMMENT_TOO_SHORT' | 'COMMENT_TOO_LONG';

/** What is wrong with a comment's text under the server's rules, or null. */
export function commentProblem(text: string, rules: { min_length: number; max_length: number }): CommentProblem | null {
  const length = commentLength(text);
  if (length < rules.min_length) return 'COMMENT_TOO_SHORT';
  if (length > rules.max_length) return 'COMMENT_TOO_LONG';
  return null;
}

/** Whether a player of `ovr` may comment: OVR strictly higher than the server's `min_ovr` (spec §5). */
export function ovrMayComment(ovr: number, minOvr: number): boolean {
  return ovr > minOvr;
}

/** Whether a player of `ovr` may vote in a poll with `limit_ovr` (spec §4: ovr ≥ limit_ovr). */
export function ovrMayVote(ovr: number, limitOvr: number): boolean {
  return ovr >= limitOvr;
}

/** Whether a poll closing at `finishAt` has ended at `now` (spec §4: results only). */
export function pollEnded(finishAt: string | Date, now: number = Date.now()): boolean {
  return new Date(finishAt).getTime() <= now;
}

/** Poll types: `single` gives radio buttons, `multiple` checkboxes (spec §3). */
export const POLL_TYPES = ['single', 'multiple'] as const;
export type PollType = (typeof POLL_TYPES)[number];
