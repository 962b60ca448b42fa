/**
 * What the docker suite's tests share (docs/DOCKER.md "The docker suite"): the composition under
 * test as scripts/docker/suite.mjs describes it in DOCKER_TEST_STACK, HTTP on its loopback ports,
 * its containers, the mail catcher, new players, and load with autocannon.
 */
import autocannon from 'autocannon';
import { spawnSync } from 'node:child_process';
import { request } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

/**
 * The composition under test: `{ project, offset, ports, envsDir, compose: { cmd, args } }`, plus
 * `images` for the swarm test (scripts/docker/suite.mjs).
 */
export const stack = JSON.parse(process.env.DOCKER_TEST_STACK ?? 'null');
if (!stack) throw new Error('DOCKER_TEST_STACK is not set: run the docker suite with `npm run test:docker`');

/** Base URLs on loopback: the edge (shell-lb), the API balancer, the mail catcher. */
export const edge = `http://127.0.0.1:${stack.ports.SHELL_PORT}`;
export const api = `http://127.0.0.1:${stack.ports.API_PORT}`;
const mailUi = `http://127.0.0.1:${stack.ports.MAIL_UI_PORT}`;
export const SERVER = 'royal';

/**
 * Runs `docker …` and returns its trimmed output; throws with its error output on failure.
 * @param {string[]} args
 */
export function docker(args) {
  const r = spawnSync('docker', args, { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`docker ${args.join(' ')}: ${r.stderr || r.stdout}`);
  return r.stdout.trim();
}

/**
 * Running containers of a compose service of the composition, by name.
 * @param {string} service
 * @returns {string[]}
 */
export function containersOf(service) {
  const out = docker([
    'ps',
    '--filter',
    `label=com.docker.compose.project=${stack.project}`,
    '--filter',
    `label=com.docker.compose.service=${service}`,
    '--format',
    '{{.Names}}',
  ]);
  return out ? out.split('\n').sort() : [];
}

/** The address of a container on the composition's network. */
export function addressOf(container) {
  return docker(['inspect', '--format', '{{range .NetworkSettings.Networks}}{{.IPAddress}} {{end}}', container]).split(' ')[0];
}

/**
 * Waits until `check()` is true (polled every 500 ms).
 * @param {() => Promise<boolean> | boolean} check
 * @param {number} timeoutMs
 * @param {string} what said in the error
 */
export async function until(check, timeoutMs, what) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return;
    await sleep(500);
  }
  throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
}

/**
 * One GET with exactly the given headers (several Cookie headers allowed: `headers` may be a flat
 * `[name, value, name, value…]` list), the body decoded from its Content-Encoding.
 * @param {string} url
 * @param {Record<string, string> | string[]} [headers]
 * @returns {Promise<{ status: number, headers: import('node:http').IncomingHttpHeaders, raw: Buffer, text: string }>}
 */
export function get(url, headers = {}) {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'GET', headers, timeout: 15_000 }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        const coding = res.headers['content-encoding'];
        let text;
        try {
          text = (coding === 'br' ? brotliDecompressSync(raw) : coding === 'gzip' ? gunzipSync(raw) : raw).toString('utf8');
        } catch {
          text = '';
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, raw, text });
      });
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`GET ${url}: timeout`)));
    req.on('error', reject);
    req.end();
  });
}

/** The `lang` of a page's <html> element, or null. */
export const pageLang = (html) => /<html[^>]*\slang="([a-z-]+)"/i.exec(html)?.[1] ?? null;

/**
 * JSON call to the API through its balancer.
 * @param {string} method
 * @param {string} path
 * @param {{ body?: unknown, ip?: string, xsrf?: { cookie: string, token: string }, session?: { token: string, uid: string } }} [o]
 *   ip: the client address api-lb passes on (X-Forwarded-For; each test player has its own, so
 *   per-address limits do not mix them)
 * @returns {Promise<{ status: number, body: any }>} status 0 when the request got no answer
 */
export async function call(method, path, { body, ip, xsrf, session } = {}) {
  /** @type {Record<string, string>} */
  const headers = { 'content-type': 'application/json' };
  if (ip) headers['x-forwarded-for'] = ip;
  if (xsrf) Object.assign(headers, { cookie: xsrf.cookie, 'x-xsrf-token': xsrf.token });
  if (session) Object.assign(headers, { 'x-auth-token': session.token, 'x-auth-id': session.uid });
  try {
    const res = await fetch(api + path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(20_000),
    });
    const text = await res.text();
    let json = null;
    try {
      json = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    return { status: res.status, body: json };
  } catch {
    return { status: 0, body: null };
  }
}

/** An XSRF pair (`GET /{server}/csrf`): the cookies to send and the token header. */
export async function xsrfPair() {
  const res = await fetch(`${api}/${SERVER}/csrf`);
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]);
  // `__Host-XSRF-TOKEN` in production, `XSRF-TOKEN` otherwise.
  const token = cookies.map((c) => /^(?:__Host-)?XSRF-TOKEN=(.*)$/.exec(c)?.[1]).find(Boolean);
  if (!token) throw new Error('no XSRF token cookie from /csrf');
  return { cookie: cookies.join('; '), token };
}

/**
 * The mails the catcher holds for `to` (Mailpit's API, or MailDev's, the local stand-in:
 * docs/DOCKER.md "Images"), each with its subject, text and Message-ID (without angle brackets).
 * @param {string} to
 * @returns {Promise<Array<{ subject: string, text: string, messageId: string }>>}
 */
async function mailsTo(to) {
  const address = to.toLowerCase();
  const mailpit = await fetch(`${mailUi}/api/v1/search?query=${encodeURIComponent(`to:${address}`)}`).catch(() => null);
  if (mailpit?.ok) {
    const { messages } = await mailpit.json();
    return Promise.all(
      messages.map(async (/** @type {{ ID: string, MessageID: string, Subject: string }} */ m) => {
        const full = await (await fetch(`${mailUi}/api/v1/message/${m.ID}`)).json();
        return { subject: m.Subject, text: full.Text ?? '', messageId: (m.MessageID ?? '').replace(/^<|>$/g, '') };
      }),
    );
  }
  const all = await (await fetch(`${mailUi}/email`)).json();
  return all
    .filter((/** @type {{ to: Array<{ address: string }> }} */ m) => m.to.some((t) => t.address.toLowerCase() === address))
    .map((/** @type {{ subject: string, text: string, messageId?: string }} */ m) => ({
      subject: m.subject,
      text: m.text ?? '',
      messageId: (m.messageId ?? '').replace(/^<|>$/g, ''),
    }));
}

/**
 * The activation token mailed to `email` (its link `/{server}/account-activation#token=…`),
 * waited for up to `timeoutMs`.
 * @returns {Promise<{ token: string, count: number, messageIds: string[] }>} the token of the
 *   first activation mail, how many came (`count`) and their distinct Message-IDs (a mail the
 *   outbox sent again after a crash keeps its Message-ID)
 */
export async function activationMail(email, timeoutMs = 20_000) {
  /** @type {{ token: string, count: number, messageIds: string[] } | null} */
  let found = null;
  await until(
    async () => {
      const activations = (await mailsTo(email))
        .map((m) => ({ token: /-activation#token=([A-Za-z0-9_-]+)/.exec(m.text)?.[1], messageId: m.messageId }))
        .filter((m) => m.token);
      found = activations.length
        ? {
            token: /** @type {string} */ (activations[0]?.token),
            count: activations.length,
            messageIds: [...new Set(activations.map((m) => m.messageId))],
          }
        : null;
      return !!found;
    },
    timeoutMs,
    `activation mail to ${email}`,
  );
  return /** @type {{ token: string, count: number, messageIds: string[] }} */ (/** @type {unknown} */ (found));
}

let playerCount = 0;
/**
 * Registers a player through the API (the mail goes through the catcher), without activating it.
 * @param {string} tag part of the nickname
 * @returns {Promise<{ nickname: string, email: string, password: string, ip: string, xsrf: { cookie: string, token: string }, status: number }>}
 */
export async function register(tag) {
  const n = ++playerCount;
  const stamp = `${Date.now().toString(36).slice(-5)}${process.pid % 1000}${n}`;
  const nickname = `${tag}${stamp}`.slice(0, 20);
  const email = `${nickname}@example.org`;
  const password = `Stadium-${nickname}-Night!`;
  // 198.51.100.x–198.51.102.x (the first is TEST-NET-2): never connected to; only a header the API
  // reads the client from.
  const ip = `198.51.${100 + ((process.pid + n) % 3)}.${n % 250}`;
  const xsrf = await xsrfPair();
  const res = await call('POST', `/${SERVER}/auth/register`, { body: { nickname, email, password, terms: true }, ip, xsrf });
  return { nickname, email, password, ip, xsrf, status: res.status };
}

/**
 * A new, activated and logged-in player: register, the mail's token, activate (which trusts the
 * device), then a login with the password on that device.
 * @returns {Promise<{ nickname: string, email: string, session: { token: string, uid: string }, cookie: string }>}
 *   cookie: the session as the browser keeps it (auth.royal._token.local / _token.uid)
 */
export async function newPlayer(tag = 'dock') {
  const p = await register(tag);
  if (p.status !== 201) throw new Error(`register ${p.nickname}: HTTP ${p.status}`);
  const { token } = await activationMail(p.email);
  const fingerprint = `docker-${p.nickname}`.slice(0, 64);
  const act = await call('POST', `/${SERVER}/auth/activate`, { body: { token, fingerprint }, ip: p.ip, xsrf: p.xsrf });
  if (act.status !== 200) throw new Error(`activate ${p.nickname}: HTTP ${act.status} ${JSON.stringify(act.body)}`);
  const login = await call('POST', `/${SERVER}/auth/login`, {
    body: { login: p.nickname, password: p.password, fingerprint },
    ip: p.ip,
    xsrf: p.xsrf,
  });
  if (login.status !== 200) throw new Error(`login ${p.nickname}: HTTP ${login.status} ${JSON.stringify(login.body)}`);
  const session = { token: login.body.token, uid: login.body.uid };
  return {
    nickname: p.nickname,
    email: p.email,
    session,
    cookie: `auth.${SERVER}._token.local=${encodeURIComponent(session.token)}; auth.${SERVER}._token.uid=${encodeURIComponent(session.uid)}`,
  };
}

/** Slug of the newest article of the server (from the API). */
export async function newestArticle() {
  const res = await call('GET', `/${SERVER}/news?limit=1`);
  const slug = res.body?.items?.[0]?.slug;
  if (!slug) throw new Error('no article from the API');
  return slug;
}

/**
 * Figures of one load run: requests answered, errors (socket errors, timeouts and non-2xx
 * answers), latencies (ms) and throughput (req/s).
 * @typedef {{ requests: number, errors: number, non2xx: number, socketErrors: number, p50: number, p99: number, max: number, rps: number }} LoadFigures
 */

/**
 * autocannon on `paths` of `base` for `seconds` (loopback only; bounded in time).
 * @param {{ base: string, paths: string[], seconds: number, connections: number, headers?: Record<string, string>, bustQuery?: boolean }} o
 *   bustQuery: a new `?v=` on every request, so the edge never has it and the page servers answer each
 * @returns {{ done: Promise<LoadFigures>, stop: () => void }} stop: ends the run early
 */
export function load({ base, paths, seconds, connections, headers = {}, bustQuery = false }) {
  let n = 0;
  const instance = autocannon({
    url: base,
    connections,
    duration: seconds,
    timeout: 10,
    headers: { 'accept-encoding': 'br, gzip', ...headers },
    requests: paths.map((path) => ({
      method: 'GET',
      path,
      ...(bustQuery ? { setupRequest: (/** @type {{ path: string }} */ r) => ({ ...r, path: `${path}?v=${n++}` }) } : {}),
    })),
  });
  const done = new Promise((resolve, reject) => {
    instance.on('done', (/** @type {any} */ r) =>
      resolve({
        requests: r.requests.total,
        errors: r.errors + r.timeouts + r.non2xx,
        non2xx: r.non2xx,
        socketErrors: r.errors + r.timeouts,
        p50: r.latency.p50,
        p99: r.latency.p99,
        max: r.latency.max,
        rps: Math.round(r.requests.average),
      }),
    );
    instance.on('error', reject);
  });
  return { done, stop: () => instance.stop() };
}

/** Prints a run's figures: a `FIGURES {json}` line for tools, then a line for people. */
export function report(label, f) {
  console.log(
    `FIGURES ${JSON.stringify({ label, ...f })}\n  ${label}: ${f.requests} requests, ${f.errors} errors` +
      ` (${f.non2xx} non-2xx, ${f.socketErrors} socket), p99 ${f.p99} ms, ${f.rps} req/s`,
  );
}
