/**
 * The legal documents of spec §2 ("terms-and-conditions PDF and privacy-policy PDF under
 * /documents/"), built by the shell (shell/scripts/legal-documents.mjs) in every language:
 * English at `/documents/<file>`, the other eight at `/documents/<code>/<file>` (a language
 * without its own translation gets the English text at its path).
 */
import { LOCALE_CODES, type LocaleCode } from './config';

/** File name of each document. */
export const LEGAL_DOCUMENTS = {
  terms: 'terms-and-conditions.pdf',
  privacy: 'privacy-policy.pdf',
} as const;
export type LegalDocument = keyof typeof LEGAL_DOCUMENTS;

/**
 * Address of a legal document in a language, on the site's own origin.
 * @param kind `terms` or `privacy`
 * @param lang product locale code (`br` for Portuguese); unknown codes get English
 */
export function legalDocumentUrl(kind: LegalDocument, lang: LocaleCode | string = 'en'): string {
  const file = LEGAL_DOCUMENTS[kind];
  return lang !== 'en' && (LOCALE_CODES as readonly string[]).includes(lang) ? `/documents/${lang}/${file}` : `/documents/${file}`;
}
