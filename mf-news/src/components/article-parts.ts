/**
 * The article's interactive parts below its body, in a chunk of their own (with
 * react-hook-form): ./article-parts-chunk.ts loads it.
 */
export { Comments } from './Comments';
export { Poll } from './Poll';
