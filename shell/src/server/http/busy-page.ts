/**
 * The page a visitor gets when the page server is overloaded (503 with `Retry-After: 5`): a
 * static document in the visitor's language that loads the page again after 5 s (a meta
 * refresh, not a script: the Content-Security-Policy allows no inline script).
 */
import { escapeHtml, isoOf, type LocaleCode } from '@landing/shared';
import br from '../../locales/br.json';
import de from '../../locales/de.json';
import en from '../../locales/en.json';
import es from '../../locales/es.json';
import fr from '../../locales/fr.json';
import it from '../../locales/it.json';
import pl from '../../locales/pl.json';
import ru from '../../locales/ru.json';
import tr from '../../locales/tr.json';

type Texts = { errors: { busy: string; busyText: string; busyRetry: string } };
const TEXTS: Record<LocaleCode, Texts> = { br, de, en, es, fr, it, pl, ru, tr };

/** The 503 page in `lang` (English for an unknown code). */
export function busyPage(lang: LocaleCode): string {
  const t = (TEXTS[lang] ?? TEXTS.en).errors;
  return (
    `<!doctype html><html lang="${isoOf(lang)}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><meta http-equiv="refresh" content="5">` +
    `<title>${escapeHtml(t.busy)} · Football Team</title>` +
    `<style>body{margin:0;min-height:100vh;display:grid;place-items:center;font:16px/1.5 system-ui,sans-serif;background:#0b1f14;color:#f2f5f3;text-align:center}` +
    `main{max-width:32rem;padding:1.5rem}a{display:inline-block;margin-top:1rem;padding:.75rem 1.5rem;border-radius:999px;background:#f5c518;color:#0b1f14;font-weight:700;text-decoration:none}</style>` +
    `</head><body><main><h1>${escapeHtml(t.busy)}</h1><p>${escapeHtml(t.busyText)}</p><a href="">${escapeHtml(t.busyRetry)}</a></main></body></html>`
  );
}
