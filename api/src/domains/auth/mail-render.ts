/**
 * E-mails of the auth domain in the nine interface languages (subject, text and HTML body): the
 * `mail` namespace of the locale files `src/locales/<code>.json` (src/lib/i18n.ts). The language
 * is the request's `X-Lang`. Links point at the site (the shell), never the API.
 */
import type { LocaleCode } from '@landing/domain';
import type { MailKind } from '@landing/domain/schemas/mailbox';
import { hasServerText, serverText } from '../../lib/i18n.js';

/** Every mail kind (dev mailbox filter, tests), from the domain package. */
export { MAIL_KINDS, type MailKind } from '@landing/domain/schemas/mailbox';

/** A rendered e-mail. */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** Escapes text for HTML element content and attribute values. */
export const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * Renders one e-mail.
 * @param vars `nickname`, `serverName`, and per kind `link` (mails with a button), `code`, `email`
 */
export function renderMail(
  kind: MailKind,
  lang: LocaleCode,
  vars: { nickname: string; serverName: string; link?: string; code?: string; email?: string },
): RenderedMail {
  const t = (key: string) => serverText(lang, 'mail', key, vars);
  const subject = t(`kinds.${kind}.subject`);
  const greeting = t('greeting');
  const intro = t(`kinds.${kind}.intro`);
  const outro = t(`kinds.${kind}.outro`);
  // Mails without a button (codes, notices) have no `action` text.
  const action = hasServerText(lang, 'mail', `kinds.${kind}.action`) ? t(`kinds.${kind}.action`) : null;
  const signature = t('signature');
  const textParts = [greeting, '', intro, ''];
  if (vars.code) textParts.push(`    ${vars.code}`, '');
  if (vars.link && action) textParts.push(`${action}: ${vars.link}`, '');
  textParts.push(outro, '', signature);
  const text = textParts.join('\n');

  const e = (s: string) => escapeHtml(s);
  const block = vars.code
    ? `<p style="margin:24px 0;text-align:center"><span style="display:inline-block;font:700 32px/1.2 'Courier New',monospace;letter-spacing:8px;padding:14px 24px;border-radius:12px;background:#eef3ff;color:#0b1220" data-code="${e(vars.code)}">${e(vars.code)}</span></p>`
    : vars.link && action
      ? `<p style="margin:28px 0;text-align:center"><a href="${e(vars.link)}" style="display:inline-block;padding:14px 28px;border-radius:999px;background:#2fd07a;color:#04140b;font-weight:700;text-decoration:none">${e(action)}</a></p>
<p style="font-size:13px;color:#5b6b8a">${e(t('linkHint'))}<br><a href="${e(vars.link)}" style="color:#1fa862;word-break:break-all">${e(vars.link)}</a></p>`
      : '';
  const html = `<!doctype html><html lang="${lang === 'br' ? 'pt' : lang}"><head><meta charset="utf-8"><title>${e(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f2f5fb;font-family:Segoe UI,Helvetica,Arial,sans-serif;color:#1c2c4a">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:16px;overflow:hidden;box-shadow:0 6px 24px rgba(11,18,32,.12)">
<div style="background:#0b1220;color:#eef3ff;padding:18px 28px;font:800 20px/1.2 Montserrat,Segoe UI,sans-serif">⚽ Football Manager <span style="color:#2fd07a;font-size:14px;font-weight:600">· ${e(vars.serverName)}</span></div>
<div style="padding:28px">
<p style="margin:0 0 12px;font-weight:600">${e(greeting)}</p>
<p style="margin:0 0 12px;line-height:1.55">${e(intro)}</p>
${block}
<p style="margin:0 0 12px;line-height:1.55;color:#3a4a6a">${e(outro)}</p>
<p style="margin:24px 0 0;color:#5b6b8a">${e(signature)}</p>
</div></div></body></html>`;
  return { subject, text, html };
}
