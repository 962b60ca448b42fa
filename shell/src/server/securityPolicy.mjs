/**
 * The old name of ./security-policy.mjs, kept for shell/rspack.config.mjs, which imports it under
 * this name; remove it once that import names security-policy.mjs.
 */
export * from './security-policy.mjs';
