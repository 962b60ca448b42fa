/**
 * Dev mailbox (with DEV_FEATURES=1, never in production, unless DEV_MAILBOX=0): every e-mail the
 * API sends is kept in the database (table dev_mailbox, shared by every API process) and shown here, so a person can open activation links and read device codes without a
 * mail server, and tests can read them as JSON.
 *
 * - `GET /dev/mailbox` — HTML list, newest first (refreshes every 5 s)
 * - `GET /dev/mailbox/{id}` — one message as it would look in a mail client
 * - `GET /dev/mailbox.json?to=&kind=&limit=` — `{ messages: [...] }`, newest first
 */
import { z } from 'zod';
import { dbIdParam } from '@landing/domain/schemas/common';
import { MailboxAnswer, MailboxQuery } from '@landing/domain/schemas/mailbox';
import { defineRoutes } from '../../lib/domain-routes.js';
import { routeOptions } from '../../lib/route-options.js';
import { HTML_PAGE_CSP } from '../../lib/security-headers.js';
import { readMailbox, type MailboxEntry } from './mail.js';
import { escapeHtml as esc } from './mail-render.js';

/** The link and the device code of a message, for the list and the JSON. */
function extras(m: MailboxEntry) {
  const link = /https?:\/\/\S+/.exec(m.text)?.[0] ?? null;
  const code = m.kind === 'deviceCode' ? (/\b(\d{6})\b/.exec(m.text)?.[1] ?? null) : null;
  return { link, code };
}

function page(title: string, body: string, refresh = false): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">${refresh ? '<meta http-equiv="refresh" content="5">' : ''}<title>${esc(title)}</title>
<style>
body{margin:0;font:15px/1.5 system-ui,Segoe UI,sans-serif;background:#0b1220;color:#eef3ff}
header{padding:18px 24px;background:#101a2e;border-bottom:1px solid #26395e;display:flex;gap:16px;align-items:baseline;flex-wrap:wrap}
h1{margin:0;font-size:20px}header p{margin:0;color:#9fb0d0}
main{padding:20px 24px;max-width:1100px}
table{width:100%;border-collapse:collapse;background:#15223b;border-radius:12px;overflow:hidden}
th,td{text-align:left;padding:10px 12px;border-bottom:1px solid #26395e;vertical-align:top}
th{color:#9fb0d0;font-weight:600;font-size:13px;text-transform:uppercase;letter-spacing:.04em}
a{color:#2fd07a}.code{font:700 16px monospace;letter-spacing:3px;color:#ffc83d}.muted{color:#9fb0d0}
.empty{padding:40px;text-align:center;color:#9fb0d0;background:#15223b;border-radius:12px}
iframe{width:100%;height:75vh;border:0;border-radius:12px;background:#fff}
</style></head><body>${body}</body></html>`;
}

export default defineRoutes({
  async root(app) {
    const { auth } = app.apiConfig;
    if (!auth.devMailbox) return;
    // Shared by every API process on the database (table dev_mailbox), newest first.
    const mailbox = (filter: { to?: string | undefined; kind?: string | undefined; limit?: number; id?: number } = {}) =>
      readMailbox(app.apiConfig, app.log, { limit: 500, ...filter });
    const tag = 'dev';

    app.get(
      '/dev/mailbox.json',
      routeOptions({
        tag,
        summary: 'Dev mailbox as JSON (outside production)',
        querystring: MailboxQuery,
        answer: MailboxAnswer,
        errors: [400],
      }),
      async (request) => {
        const { to, kind, limit } = request.query;
        const messages = (await mailbox({ to, kind, limit })).map((m) => ({ ...m, ...extras(m) }));
        return { messages };
      },
    );

    app.get(
      '/dev/mailbox',
      { helmet: { contentSecurityPolicy: HTML_PAGE_CSP }, schema: { tags: [tag], summary: 'Dev mailbox (HTML, outside production)' } },
      async (_request, reply) => {
        const rows = (await mailbox())
          .map((m) => {
            const { link, code } = extras(m);
            return `<tr><td class="muted">${esc(new Date(m.createdAt).toLocaleTimeString('en-GB'))}</td><td>${esc(m.to)}</td>
<td><a href="/dev/mailbox/${m.id}">${esc(m.subject)}</a><div class="muted">${esc(m.kind)} · ${esc(m.lang)}${m.server ? ` · ${esc(m.server)}` : ''}</div></td>
<td>${code ? `<span class="code">${esc(code)}</span>` : link ? `<a href="${esc(link)}" target="_blank" rel="noopener">open link</a>` : ''}</td></tr>`;
          })
          .join('');
        const body = `<header><h1>Dev mailbox</h1><p>Every e-mail the API sent since it started (newest first, refreshes every 5 s). JSON: <a href="/dev/mailbox.json">/dev/mailbox.json</a></p></header>
<main>${rows ? `<table><thead><tr><th>Time</th><th>To</th><th>Subject</th><th>Link / code</th></tr></thead><tbody>${rows}</tbody></table>` : '<div class="empty">No e-mails yet. Register or log in from a new device on the site.</div>'}</main>`;
        return reply.type('text/html; charset=utf-8').send(page('Dev mailbox', body, true));
      },
    );

    app.get(
      '/dev/mailbox/:id',
      {
        helmet: { contentSecurityPolicy: HTML_PAGE_CSP },
        schema: { tags: [tag], summary: 'One message of the dev mailbox (HTML)', params: z.object({ id: dbIdParam() }) },
      },
      async (request, reply) => {
        const [m] = await mailbox({ id: request.params.id, limit: 1 });
        if (!m)
          return reply
            .code(404)
            .type('text/html; charset=utf-8')
            .send(page('Not found', '<main><p>No such message. <a href="/dev/mailbox">Back to the mailbox</a></p></main>'));
        const body = `<header><h1>${esc(m.subject)}</h1><p>To ${esc(m.to)} · ${esc(new Date(m.createdAt).toLocaleString('en-GB'))} · <a href="/dev/mailbox">← all messages</a></p></header>
<main><iframe sandbox="allow-popups allow-popups-to-escape-sandbox" srcdoc="${esc(m.html.replaceAll('<a href', '<a target="_blank" href'))}"></iframe></main>`;
        return reply.type('text/html; charset=utf-8').send(page(m.subject, body));
      },
    );
  },
});
