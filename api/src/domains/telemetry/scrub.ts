/**
 * What the API keeps of a failure's text (docs/OPERATIONS.md "No personal data"): the browser
 * sends a short message without identifiers, and the API scrubs it again before it is stored, so
 * a message that happens to quote an e-mail address, a number, a token or a URL's query keeps
 * none of them. Also the fingerprint that groups identical failures.
 */
import { createHash } from 'node:crypto';
import { TELEMETRY_LIMITS, type TelemetryEvent } from '@landing/domain/schemas/telemetry';

const EMAIL = /[^\s@<>()[\]"',;:]+@[^\s@<>()[\]"',;:]+\.[a-z]{2,}/gi;
/** A URL: kept as origin and path, its query and fragment dropped. */
const URL_QUERY = /\b(https?:\/\/[^\s?#"'<>]+)[?#][^\s"'<>,]*/gi;
/** Long hex or base64-like runs (session tokens, hashes, ids). */
const TOKEN = /\b[A-Za-z0-9_-]*[0-9][A-Za-z0-9_-]*[A-Za-z][A-Za-z0-9_-]*\b|\b[A-Za-z0-9_-]*[A-Za-z][A-Za-z0-9_-]*[0-9][A-Za-z0-9_-]*\b/g;
const NUMBER = /\d{4,}/g;
// eslint-disable-next-line no-control-regex -- control characters are what is removed
const CONTROL = /[\u0000-\u001f\u007f]+/g;

/**
 * A failure's message as stored: control characters become spaces, e-mail addresses `<email>`,
 * URLs lose their query and fragment, runs of 16+ letters and digits `<token>`, numbers of four
 * digits or more `<n>`; at most {@link TELEMETRY_LIMITS.messageMax} characters.
 */
export function scrubMessage(message: string): string {
  return message
    .replace(CONTROL, ' ')
    .replace(EMAIL, '<email>')
    .replace(URL_QUERY, '$1')
    .replace(TOKEN, (word) => (word.length >= 16 ? '<token>' : word))
    .replace(NUMBER, '<n>')
    .trim()
    .slice(0, TELEMETRY_LIMITS.messageMax);
}

/** Groups identical failures: kind, source, scrubbed message and the first frame's script and position. */
export function fingerprintOf(event: TelemetryEvent, message: string): string {
  const top = event.frames[0];
  return createHash('sha256')
    .update(JSON.stringify([event.kind, event.source, message, top ? [top.url, top.line, top.column] : null]))
    .digest('base64url')
    .slice(0, 22);
}
