#!/usr/bin/env node
/**
 * Local OAuth 2.0 provider for the social logins (oauth2-mock-server), standing in for Google,
 * Facebook and VK outside production so the whole popup flow runs without real accounts.
 * `npm start` (scripts/serve.mjs) starts it on port 4900 + PORT_OFFSET (`ports.oauth` of
 * scripts/ports.mjs) and points the API at it
 * (OAUTH_MOCK_URL); the API uses it for every provider without a real client id.
 *
 *   node mf-auth/scripts/oauth-mock.mjs        # alone, the same port: OAUTH_MOCK_PORT, else 4900 + PORT_OFFSET
 *
 * Endpoints: `GET /authorize` is a consent page a person clicks through ("Continue as …", with the
 * name and e-mail to log in as, or "Cancel", which returns `error=access_denied`); its form goes
 * to the library's authorize endpoint (`/authorize/grant`), which redirects with a code.
 * `/token` checks the PKCE verifier and issues a token; `/userinfo` answers the person chosen on
 * the consent page (default {@link MOCK_USER}). Everything but the consent page is
 * oauth2-mock-server's own code; the page exists because the library has none.
 */
import { createHash } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { ports } from '../../scripts/ports.mjs';

/** The person "logged in" at the mock provider unless the consent page says otherwise. */
export const MOCK_USER = {
  sub: 'mock-user-0001',
  email: 'social.player@example.com',
  email_verified: true,
  name: 'Social Player',
};

/** Path of oauth2-mock-server's own authorize endpoint, behind the consent page. */
export const GRANT_PATH = '/authorize/grant';

/** Provider shown on the consent page, from the client id the API sends (`landing-google-dev`). */
const PROVIDER_NAMES = { google: 'Google', facebook: 'Facebook', vk: 'VK ID' };

/**
 * Consent page texts in the nine languages of the site (chosen by the popup's Accept-Language).
 * `{provider}` and `{site}` are replaced.
 */
const TEXTS = {
  en: {
    title: 'Sign in with {provider}',
    local: 'Local test provider — not the real {provider}. It runs only outside production.',
    asks: '{site} asks for your name and e-mail address.',
    name: 'Name',
    email: 'E-mail',
    continue: 'Continue',
    cancel: 'Cancel',
  },
  ru: {
    title: 'Вход через {provider}',
    local: 'Локальный тестовый провайдер — не настоящий {provider}. Работает только вне продакшена.',
    asks: '{site} запрашивает ваше имя и адрес e-mail.',
    name: 'Имя',
    email: 'E-mail',
    continue: 'Продолжить',
    cancel: 'Отмена',
  },
  pl: {
    title: 'Zaloguj się przez {provider}',
    local: 'Lokalny dostawca testowy — to nie prawdziwy {provider}. Działa tylko poza produkcją.',
    asks: '{site} prosi o Twoje imię i adres e-mail.',
    name: 'Imię',
    email: 'E-mail',
    continue: 'Dalej',
    cancel: 'Anuluj',
  },
  pt: {
    title: 'Entrar com {provider}',
    local: 'Provedor de teste local — não é o {provider} de verdade. Só funciona fora da produção.',
    asks: '{site} pede o seu nome e endereço de e-mail.',
    name: 'Nome',
    email: 'E-mail',
    continue: 'Continuar',
    cancel: 'Cancelar',
  },
  es: {
    title: 'Iniciar sesión con {provider}',
    local: 'Proveedor de pruebas local: no es el {provider} real. Solo funciona fuera de producción.',
    asks: '{site} solicita tu nombre y tu dirección de correo.',
    name: 'Nombre',
    email: 'Correo',
    continue: 'Continuar',
    cancel: 'Cancelar',
  },
  it: {
    title: 'Accedi con {provider}',
    local: 'Provider di prova locale: non è il vero {provider}. Funziona solo fuori dalla produzione.',
    asks: '{site} chiede il tuo nome e il tuo indirizzo e-mail.',
    name: 'Nome',
    email: 'E-mail',
    continue: 'Continua',
    cancel: 'Annulla',
  },
  de: {
    title: 'Mit {provider} anmelden',
    local: 'Lokaler Testanbieter – nicht das echte {provider}. Läuft nur außerhalb der Produktion.',
    asks: '{site} möchte deinen Namen und deine E-Mail-Adresse.',
    name: 'Name',
    email: 'E-Mail',
    continue: 'Weiter',
    cancel: 'Abbrechen',
  },
  fr: {
    title: 'Se connecter avec {provider}',
    local: 'Fournisseur de test local — ce n’est pas le vrai {provider}. Il ne fonctionne qu’hors production.',
    asks: '{site} demande votre nom et votre adresse e-mail.',
    name: 'Nom',
    email: 'E-mail',
    continue: 'Continuer',
    cancel: 'Annuler',
  },
  tr: {
    title: '{provider} ile giriş yap',
    local: 'Yerel test sağlayıcısı — gerçek {provider} değildir. Yalnızca üretim dışında çalışır.',
    asks: '{site} adınızı ve e-posta adresinizi istiyor.',
    name: 'Ad',
    email: 'E-posta',
    continue: 'Devam',
    cancel: 'İptal',
  },
};

/** The first of the consent page's languages the browser accepts (`pl-PL,pl;q=0.9` → `pl`), else English. */
export function consentLanguage(acceptLanguage = '') {
  for (const part of acceptLanguage.split(',')) {
    const code = part.split(';')[0].trim().toLowerCase().split('-')[0];
    if (code in TEXTS) return code;
  }
  return 'en';
}

const escapeHtml = (s) =>
  String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);

/** A stable subject per e-mail, so the same person logs into the same account again. */
function subjectOf(email) {
  return email === MOCK_USER.email ? MOCK_USER.sub : `mock-${createHash('sha256').update(email).digest('hex').slice(0, 16)}`;
}

function consentPage(query, acceptLanguage, user) {
  const lang = consentLanguage(acceptLanguage);
  const providerId = /^landing-(google|facebook|vk)-/.exec(query.get('client_id') ?? '')?.[1];
  const provider = PROVIDER_NAMES[providerId] ?? 'OAuth';
  let site = '';
  try {
    site = new URL(query.get('redirect_uri') ?? '').host;
  } catch {
    /* checked by the caller */
  }
  const t = Object.fromEntries(
    Object.entries(TEXTS[lang]).map(([k, v]) => [k, escapeHtml(v.replaceAll('{provider}', provider).replaceAll('{site}', site))]),
  );
  const hidden = [...query.entries()]
    .filter(([k]) => !k.startsWith('mock_'))
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('');
  const keep = ['redirect_uri', 'state']
    .filter((k) => query.has(k))
    .map((k) => `<input type="hidden" name="${k}" value="${escapeHtml(query.get(k))}">`)
    .join('');
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${t.title}</title>
<style>
  body { margin: 0; font: 16px/1.45 system-ui, sans-serif; background: #eef1f6; color: #1b2333; display: grid; place-items: center; min-height: 100vh; }
  main { background: #fff; width: min(92vw, 380px); padding: 24px; border-radius: 14px; box-shadow: 0 8px 30px rgba(0,0,0,.12); }
  h1 { font-size: 1.3rem; margin: 0 0 8px; }
  .local { background: #fff4d6; border: 1px solid #e7c35a; padding: 8px 10px; border-radius: 8px; font-size: .85rem; }
  label { display: block; font-weight: 600; margin-top: 12px; font-size: .9rem; }
  input[type=text], input[type=email] { width: 100%; box-sizing: border-box; padding: 9px 10px; margin-top: 4px; border: 1px solid #9aa5b8; border-radius: 8px; font: inherit; }
  .actions { display: flex; gap: 10px; margin-top: 18px; }
  button { flex: 1; padding: 10px; border-radius: 8px; font: inherit; font-weight: 700; cursor: pointer; border: 1px solid #1a56c4; }
  .primary { background: #1a56c4; color: #fff; } .secondary { background: #fff; color: #1a56c4; }
  button:focus-visible, input:focus-visible { outline: 3px solid #e0a800; outline-offset: 2px; }
</style></head>
<body><main>
  <h1>${t.title}</h1>
  <p class="local">${t.local}</p>
  <p>${t.asks}</p>
  <form method="get" action="${GRANT_PATH}" id="consent">
    ${hidden}
    <label for="mock_name">${t.name}</label>
    <input id="mock_name" name="mock_name" type="text" required maxlength="80" value="${escapeHtml(user.name)}" autocomplete="name">
    <label for="mock_email">${t.email}</label>
    <input id="mock_email" name="mock_email" type="email" required maxlength="120" value="${escapeHtml(user.email)}" autocomplete="email">
  </form>
  <div class="actions">
    <form method="get" action="/authorize/deny">${keep}<button type="submit" class="secondary" data-testid="oauth-cancel">${t.cancel}</button></form>
    <button type="submit" form="consent" class="primary" data-testid="oauth-continue">${t.continue}</button>
  </div>
</main></body></html>`;
}

function send(res, status, type, body, headers = {}) {
  res.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store', ...headers });
  res.end(body);
}

/**
 * Starts the mock provider.
 * @param {{ port?: number, host?: string, user?: typeof MOCK_USER }} [options] port: default `ports.oauth`
 *   (OAUTH_MOCK_PORT, else 4900 + PORT_OFFSET); 0 = any free port
 * @returns {Promise<{ url: string, issuer: import('oauth2-mock-server').OAuth2Issuer, stop: () => Promise<void> }>}
 * @throws Error when the port is taken
 */
export async function startOAuthMock({ port = ports.oauth, host = 'localhost', user = MOCK_USER } = {}) {
  // Imported here: a production install has no dev dependencies and never calls this.
  const { HttpServer, OAuth2Issuer, OAuth2Service } = await import('oauth2-mock-server');
  const issuer = new OAuth2Issuer();
  await issuer.keys.generate('RS256');
  const service = new OAuth2Service(issuer, { authorize: GRANT_PATH });
  /** @type {Map<string, typeof MOCK_USER>} who consented, by authorization code, then by access token */
  const byCode = new Map();
  const byToken = new Map();

  service.on('beforeAuthorizeRedirect', ({ url }, req) => {
    const q = new URL(req.url ?? '/', 'http://mock').searchParams;
    const code = url.searchParams.get('code');
    const email = (q.get('mock_email') ?? '').trim().toLowerCase() || user.email;
    const name = (q.get('mock_name') ?? '').trim() || user.name;
    if (code)
      byCode.set(code, email === user.email && name === user.name ? user : { sub: subjectOf(email), email, email_verified: true, name });
  });
  service.on('beforeResponse', (response, req) => {
    const code = req.body?.code;
    const token = response.body?.access_token;
    if (code && token && byCode.has(code)) {
      byToken.set(token, byCode.get(code));
      byCode.delete(code);
    }
  });
  service.on('beforeUserinfo', (response, req) => {
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    response.body = { ...(byToken.get(token) ?? user) };
  });

  const server = new HttpServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://mock');
    if (req.method === 'GET' && url.pathname === '/authorize') {
      const redirect = url.searchParams.get('redirect_uri');
      if (!redirect || !/^https?:\/\//.test(redirect))
        return send(res, 400, 'text/plain; charset=utf-8', 'redirect_uri is missing or not an http(s) address');
      return send(res, 200, 'text/html; charset=utf-8', consentPage(url.searchParams, req.headers['accept-language'], user));
    }
    if (req.method === 'GET' && url.pathname === '/authorize/deny') {
      const redirect = url.searchParams.get('redirect_uri');
      if (!redirect || !/^https?:\/\//.test(redirect)) return send(res, 400, 'text/plain; charset=utf-8', 'redirect_uri is missing');
      const back = new URL(redirect);
      back.searchParams.set('error', 'access_denied');
      const state = url.searchParams.get('state');
      if (state) back.searchParams.set('state', state);
      return send(res, 302, 'text/plain; charset=utf-8', '', { Location: back.href });
    }
    return service.requestHandler(req, res);
  });
  await server.start(port, host);
  const url = `http://${host}:${server.address().port}`;
  issuer.url = url;
  return { url, issuer, stop: () => server.stop() };
}

/** Command-line entry: runs until SIGINT/SIGTERM. */
async function main() {
  const mock = await startOAuthMock();
  console.log(`OAuth mock provider on ${mock.url} — start the API with OAUTH_MOCK_URL=${mock.url}`);
  const stop = () => mock.stop().finally(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

// No top-level await: the file is also imported by scripts/serve.mjs.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
