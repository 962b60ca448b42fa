/**
 * `@landing/domain`: facts of the landing site shared by the API and the apps, each written
 * once — servers, locales, ids and the validation rules. Imports neither React nor zod, so any
 * app may import it on its first load. The zod schemas of the API's requests and answers are
 * `@landing/domain/schemas/<domain>`.
 */
export * from './servers.ts';
export * from './locales.ts';
export * from './ids.ts';
export * from './rules/account.ts';
export * from './rules/news.ts';
export * from './rules/bets.ts';
export * from './rules/forms.ts';
export * from './telemetry.ts';
