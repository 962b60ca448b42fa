/**
 * Measures whether /auth/password/forgot and /auth/register answer a known e-mail faster or
 * slower than an unknown one (account enumeration by timing, src/domains/auth/outbox.ts) and prints the
 * figures: median and mean per group, the difference, and Welch's z.
 *
 *   pnpm --filter ./api run timing                   # 150 + 150 tries per route
 *   pnpm --filter ./api run timing -- --tries 300
 *
 * In process (`app.inject`, no network noise) on a fresh PGlite database (or a temp schema of
 * DATABASE_URL); known and unknown tries alternate, each from its own client IP. |z| < 2 means
 * no difference the measurement can tell apart from noise. The mail outbox is drained between
 * tries, outside the timed part (in a running API the worker does it on its own).
 */
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { createTestDatabase, startApp, xsrfPair } from '../test/helpers.js';

const { values } = parseArgs({ options: { tries: { type: 'string', default: '150' } } });
const tries = Number(values.tries);
if (!Number.isInteger(tries) || tries < 10) throw new Error('--tries must be a whole number ≥ 10');

/** Median, mean and variance of a sample (ms). */
function stats(xs: number[]) {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  const median = s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
  const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
  const variance = xs.reduce((a, b) => a + (b - mean) ** 2, 0) / (xs.length - 1);
  return { median, mean, variance, n: xs.length };
}

let ipCounter = 0;
const nextIp = () => {
  ipCounter++;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

async function timed(app: FastifyInstance, url: string, payload: object, expected: number): Promise<number> {
  const x = await xsrfPair(app);
  const t0 = performance.now();
  const res = await app.inject({ method: 'POST', url, payload, cookies: x.cookies, headers: x.headers, remoteAddress: nextIp() });
  const ms = performance.now() - t0;
  if (res.statusCode !== expected) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return ms;
}

const database = await createTestDatabase();
const t = await startApp(database, { config: { logLevel: 'fatal' } });
try {
  const app = t.app;
  const drain = async () => (app as FastifyInstance & { mailOutbox?: { drain(): Promise<number> } }).mailOutbox?.drain();
  const run = Date.now().toString(36);
  // A known, active account to aim at (registered through the API, activated in the database).
  const ownerEmail = `owner-${run}@example.org`;
  await timed(
    app,
    '/royal/auth/register',
    { nickname: `Own${run}`.slice(0, 20), email: ownerEmail, password: 'Stadium-Night-2026!', terms: true },
    201,
  );
  await t.handle.withSession((s) => s.query(`UPDATE auth_accounts SET status = 'active' WHERE email = $1`, [ownerEmail]));
  await drain();

  const report = (name: string, known: number[], unknown: number[]) => {
    const a = stats(known);
    const b = stats(unknown);
    const z = (a.mean - b.mean) / Math.sqrt(a.variance / a.n + b.variance / b.n);
    console.log(
      `${name.padEnd(24)} known: median ${a.median.toFixed(2)} ms, mean ${a.mean.toFixed(2)} ms | unknown: median ${b.median.toFixed(2)} ms, mean ${b.mean.toFixed(2)} ms | ` +
        `median diff ${(a.median - b.median).toFixed(2)} ms, mean diff ${(a.mean - b.mean).toFixed(2)} ms, z = ${z.toFixed(2)} (${a.n}+${b.n} tries)`,
    );
  };

  // Warm-up (JIT, argon2, statement caches).
  for (let i = 0; i < 10; i++) {
    await timed(app, '/royal/auth/password/forgot', { email: ownerEmail }, 200);
    await timed(app, '/royal/auth/password/forgot', { email: `warm${i}-${run}@example.org` }, 200);
  }
  await drain();

  const forgotKnown: number[] = [];
  const forgotUnknown: number[] = [];
  const registerKnown: number[] = [];
  const registerUnknown: number[] = [];
  for (let i = 0; i < tries; i++) {
    // Alternate which goes first, so drift over the run hits both groups alike.
    const pair = [
      async () => forgotKnown.push(await timed(app, '/royal/auth/password/forgot', { email: ownerEmail }, 200)),
      async () => forgotUnknown.push(await timed(app, '/royal/auth/password/forgot', { email: `nobody${i}-${run}@example.org` }, 200)),
    ];
    if (i % 2) pair.reverse();
    for (const f of pair) await f();
    await drain();
  }
  for (let i = 0; i < tries; i++) {
    const pair = [
      async () =>
        registerKnown.push(
          await timed(
            app,
            '/royal/auth/register',
            { nickname: `K${i}x${run}`.slice(0, 20), email: ownerEmail, password: 'Stadium-Night-2026!', terms: true },
            201,
          ),
        ),
      async () =>
        registerUnknown.push(
          await timed(
            app,
            '/royal/auth/register',
            { nickname: `U${i}x${run}`.slice(0, 20), email: `new${i}-${run}@example.org`, password: 'Stadium-Night-2026!', terms: true },
            201,
          ),
        ),
    ];
    if (i % 2) pair.reverse();
    for (const f of pair) await f();
    await drain();
  }
  console.log(`timing of known vs unknown e-mails (${database.label}):`);
  report('POST /auth/password/forgot', forgotKnown, forgotUnknown);
  report('POST /auth/register', registerKnown, registerUnknown);
} finally {
  await t.close();
  await database.destroy();
}
