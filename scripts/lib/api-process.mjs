/**
 * The API processes of scripts/write-load.mjs and the requests it sends them: one process of a
 * checkout's API (`tsx src/main.ts`, development features on: the dev mailbox holds the activation
 * links), an XSRF pair, and one request that reports a process that did not answer instead of throwing.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';

const SERVER = 'royal';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Starts `<dir>/api` on `port` and waits for `/health` (up to about 2 min).
 * @param {{ name: string, dir: string, port: number, env: Record<string, string> }} o  `env` is added to the process's
 * @returns {Promise<{ name: string, port: number, base: string, child: import('node:child_process').ChildProcess, alive: boolean, stderr: () => string }>}
 * @throws Error when the process exits or does not answer
 */
export async function startApiProcess({ name, dir, port, env }) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: join(dir, 'api'),
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DEV_FEATURES: '1',
      LOG_LEVEL: 'warn',
      PORT_OFFSET: '0',
      API_PORT: String(port),
      API_HOST: '127.0.0.1',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr = (stderr + d).slice(-20_000)));
  const proc = { name, port, base: `http://127.0.0.1:${port}`, child, alive: true, stderr: () => stderr };
  child.on('exit', () => (proc.alive = false));
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`${name} exited:\n${stderr}`);
    try {
      if ((await fetch(`${proc.base}/health`)).ok) return proc;
    } catch {
      /* not yet */
    }
    if (i > 600) {
      child.kill('SIGTERM');
      throw new Error(`${name} did not start:\n${stderr}`);
    }
    await sleep(200);
  }
}

/**
 * An XSRF pair from `GET /royal/csrf` (signed double-submit; every process shares the key, and a
 * session is bound to the pair it logged in with): `{ cookie, token }`.
 */
export async function xsrfPair(proc) {
  const res = await fetch(`${proc.base}/${SERVER}/csrf`);
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]);
  const token = cookies
    .find((c) => /XSRF-TOKEN=/.test(c))
    ?.split('=')
    .slice(1)
    .join('=');
  if (!token) throw new Error(`no XSRF cookie from ${proc.base}/${SERVER}/csrf`);
  return { cookie: cookies.join('; '), token };
}

/** One request; `{ status, body }`, or `{ status: 0, error }` when the process did not answer. */
export async function call(proc, method, path, { body, ip, session, xsrf } = {}) {
  const headers = {
    'content-type': 'application/json',
    cookie: xsrf.cookie,
    'x-xsrf-token': xsrf.token,
    'x-forwarded-for': ip ?? '10.200.0.1',
  };
  if (session) Object.assign(headers, { 'x-auth-token': session.token, 'x-auth-id': session.uid });
  try {
    const res = await fetch(proc.base + path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
    const text = await res.text();
    let json = null;
    try {
      json = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    return { status: res.status, body: json };
  } catch (error) {
    return { status: 0, error: String(error?.cause?.code ?? error?.name ?? error) };
  }
}
