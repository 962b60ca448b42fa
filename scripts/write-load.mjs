#!/usr/bin/env node
/**
 * Mixed write load on two API processes sharing one PostgreSQL database, one of them killed with
 * SIGKILL in the middle: it passes with 0 5xx answers and nothing acknowledged lost.
 *
 *   node scripts/write-load.mjs                      # 50 clients, 20 s, SIGKILL of process B at 8 s
 *   node scripts/write-load.mjs --clients 50 --duration 30 --kill-after 10 [--dir <checkout>]
 *
 * What it does:
 * 1. Starts the local PostgreSQL (scripts/pg-local.mjs), creates a fresh database, starts API
 *    process A, then B (ports API_PORT_BASE+50, +51; TRUST_PROXY=loopback so each client has its
 *    own address in X-Forwarded-For, as behind nginx).
 * 2. Signs up `--clients` players through the API (register, activation link from the shared dev
 *    mailbox, activate) and raises their OVR in SQL so they may comment and vote.
 * 3. Each client, paced at ~4 requests/s, sends a mix of votes (each open poll once), comments,
 *    predictions (open matches, scores changing) and founder-pack sign-ups, to A or B at random.
 *    When a process does not answer (connection refused or reset), the client marks that request
 *    unacknowledged and goes on with the other process, as nginx does.
 * 4. Kills B with SIGKILL after `--kill-after` s; the load goes on against A.
 * 5. Checks every acknowledged write (2xx) in the database: comment rows by id, ballots with their
 *    options, each prediction's last acknowledged score (or a later unacknowledged one), sign-ups.
 * Prints the figures; exits 1 when a 5xx was answered or an acknowledged write is missing.
 */
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { freshPgDatabase, stopLocalPg } from './lib/api-load.mjs';
import { call, startApiProcess, xsrfPair } from './lib/api-process.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: {
    clients: { type: 'string', default: '50' },
    duration: { type: 'string', default: '20' },
    'kill-after': { type: 'string', default: '8' },
    dir: { type: 'string', default: root },
    'port-base': { type: 'string', default: process.env.API_PORT_BASE ?? '4400' },
    help: { type: 'boolean', short: 'h' },
  },
});
if (values.help) {
  console.log('usage: node scripts/write-load.mjs [--clients 50] [--duration 20] [--kill-after 8] [--dir <checkout>] [--port-base 4400]');
  process.exit(0);
}
const CLIENTS = Number(values.clients);
const DURATION_MS = Number(values.duration) * 1000;
const KILL_AFTER_MS = Number(values['kill-after']) * 1000;
const dir = resolve(values.dir);
const portBase = Number(values['port-base']) + 50;
const SERVER = 'royal';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const pg = createRequire(join(root, 'api', 'package.json'))('pg');
const dbUrl = await freshPgDatabase('write_load');
process.on('exit', stopLocalPg);
const db = new pg.Pool({ connectionString: dbUrl, max: 2 });

// ---- API processes ----------------------------------------------------------------------------
const procs = [];
process.on('exit', () => {
  for (const p of procs) if (p.alive) p.child.kill('SIGTERM');
});
const apiEnv = {
  DATABASE_URL: dbUrl,
  TRUST_PROXY: 'loopback',
  LEADER_RETRY_MS: '1000',
};
const startApi = async (name, port) => {
  const proc = await startApiProcess({ name, dir, port, env: apiEnv });
  procs.push(proc);
  return proc;
};

console.log(`› API ${dir}: starting A and B on PostgreSQL ${dbUrl.replace(/\/\/[^@]*@/, '//')}`);
const A = await startApi('A', portBase);
const B = await startApi('B', portBase + 1);

// ---- players -------------------------------------------------------------------------------------
console.log(`› signing up ${CLIENTS} players (register → activation mail → activate)`);
const stamp = Date.now().toString(36).slice(-5);
const clients = [];
for (let i = 0; i < CLIENTS; i++) {
  const nickname = `load${stamp}${i}`;
  const email = `${nickname}@example.org`;
  const ip = `10.201.${i >> 8}.${i & 255}`;
  const xsrf = await xsrfPair(A);
  const reg = await call(A, 'POST', `/${SERVER}/auth/register`, {
    body: { nickname, email, password: `Stadium-${nickname}-Night!`, terms: true },
    ip,
    xsrf,
  });
  if (reg.status !== 201) throw new Error(`register ${nickname}: ${reg.status} ${JSON.stringify(reg.body)}`);
  let token;
  for (let k = 0; k < 50 && !token; k++) {
    const { rows } = await db.query(
      `SELECT text_body FROM dev_mailbox WHERE lower(to_address) = $1 AND kind = 'activation' ORDER BY id DESC LIMIT 1`,
      [email],
    );
    token = rows[0] && /-activation#token=([A-Za-z0-9_-]+)/.exec(rows[0].text_body)?.[1];
    if (!token) await sleep(100);
  }
  if (!token) throw new Error(`no activation mail for ${email}`);
  const act = await call(i % 2 ? B : A, 'POST', `/${SERVER}/auth/activate`, { body: { token, fingerprint: `load-device-${i}` }, ip, xsrf });
  if (act.status !== 200) throw new Error(`activate ${nickname}: ${act.status} ${JSON.stringify(act.body)}`);
  clients.push({ i, nickname, ip, xsrf, session: { token: act.body.token, uid: act.body.uid }, playerId: null });
}
await db.query(`UPDATE players SET ovr = 85 WHERE server = $1 AND nickname LIKE $2`, [SERVER, `load${stamp}%`]);
const { rows: playerRows } = await db.query(`SELECT id, nickname FROM players WHERE server = $1 AND nickname LIKE $2`, [
  SERVER,
  `load${stamp}%`,
]);
const playerOf = new Map(playerRows.map((r) => [r.nickname, r.id]));
for (const c of clients) c.playerId = playerOf.get(c.nickname);

const { rows: polls } = await db.query(
  `SELECT p.id, p.type, array_agg(o.id ORDER BY o.position) AS options FROM news_polls p
   JOIN news_articles a ON a.id = p.article_id JOIN news_poll_options o ON o.poll_id = p.id
   WHERE a.server = $1 AND a.published_at <= now() AND p.finish_at > now() + interval '5 minutes' AND p.limit_ovr <= 85
   GROUP BY p.id, p.type`,
  [SERVER],
);
const { rows: articles } = await db.query(
  `SELECT slug FROM news_articles WHERE server = $1 AND published_at <= now() ORDER BY published_at DESC LIMIT 6`,
  [SERVER],
);
const { rows: matches } = await db.query(
  `SELECT id FROM bet_matches WHERE kickoff_at > now() + interval '5 minutes' AND home_score IS NULL ORDER BY kickoff_at LIMIT 12`,
);
console.log(`› targets: ${polls.length} open polls, ${articles.length} articles, ${matches.length} open matches`);

// ---- load ------------------------------------------------------------------------------------------
const acks = { comment: [], vote: [], prediction: [], signup: [] };
const attempts = []; // unacknowledged (status 0) writes, to tell "maybe applied" apart
const statuses = new Map();
let fiveXX = 0;
let requests = 0;
let unanswered = 0;
const started = Date.now();
const until = started + DURATION_MS;
let killedAt = null;

/** A live process at random; `not` = the one that just did not answer. */
function pickProc(not) {
  const live = procs.filter((p) => p.alive && p !== not);
  return live[Math.floor(Math.random() * live.length)] ?? A;
}

async function client(c) {
  const budget = { comment: 15, signup: 8 };
  const toVote = [...polls];
  let n = 0;
  while (Date.now() < until) {
    const r = Math.random();
    let op = r < 0.2 ? 'vote' : r < 0.5 ? 'comment' : r < 0.85 ? 'prediction' : 'signup';
    if (op === 'vote' && !toVote.length) op = 'prediction';
    if ((op === 'comment' || op === 'signup') && budget[op] <= 0) op = 'prediction';
    if (op === 'prediction' && !matches.length) op = 'comment';
    let method = 'POST';
    let path;
    let body;
    let record;
    if (op === 'vote') {
      const poll = toVote.splice(Math.floor(Math.random() * toVote.length), 1)[0];
      const options = poll.type === 'single' ? [poll.options[n % poll.options.length]] : poll.options.slice(0, 2);
      path = `/${SERVER}/votes`;
      body = { questionnaire_id: poll.id, options };
      record = () => acks.vote.push({ pollId: poll.id, playerId: c.playerId, options: [...options].sort((x, y) => x - y) });
    } else if (op === 'comment') {
      budget.comment--;
      const slug = articles[(c.i + n) % articles.length].slug;
      path = `/${SERVER}/news/${slug}/comments`;
      body = { text: `Load test comment ${c.nickname} #${n}, still here after the crash?` };
      record = (res) => acks.comment.push({ id: res.body.comment.id, playerId: c.playerId });
    } else if (op === 'prediction') {
      const match = matches[(c.i * 7 + n) % matches.length];
      const score = { home: n % 5, away: (n * 3) % 4 };
      method = 'PUT';
      path = `/${SERVER}/bets/matches/${match.id}/prediction`;
      body = { home_score: score.home, away_score: score.away };
      record = () => acks.prediction.push({ matchId: match.id, playerId: c.playerId, score, at: Date.now(), seq: n });
      attempts.push({ kind: 'prediction-try', matchId: match.id, playerId: c.playerId, score, seq: n });
    } else {
      budget.signup--;
      const email = `fan-${c.nickname}-${n}@example.org`;
      path = `/${SERVER}/newsletter`;
      body = { name: `Fan ${c.i}`, email };
      record = () => acks.signup.push({ email });
    }
    const first = pickProc();
    let res = await call(first, method, path, { body, ip: c.ip, session: c.session, xsrf: c.xsrf });
    requests++;
    if (res.status === 0) {
      unanswered++;
      // No answer: not acknowledged. Like nginx, go on with the other process (a new request).
      res = await call(pickProc(first), method, path, { body, ip: c.ip, session: c.session, xsrf: c.xsrf });
      requests++;
      if (res.status === 0) unanswered++;
    }
    statuses.set(`${op} ${res.status}`, (statuses.get(`${op} ${res.status}`) ?? 0) + 1);
    if (res.status >= 500) fiveXX++;
    if (res.status >= 200 && res.status < 300) record(res);
    n++;
    await sleep(150 + Math.random() * 200);
  }
}

console.log(`› load: ${CLIENTS} clients for ${DURATION_MS / 1000} s; SIGKILL of B at ${KILL_AFTER_MS / 1000} s`);
const killer = sleep(KILL_AFTER_MS).then(() => {
  killedAt = Date.now() - started;
  B.child.kill('SIGKILL');
  console.log(`  SIGKILL → B (pid ${B.child.pid}) at ${(killedAt / 1000).toFixed(1)} s`);
});
await Promise.all([...clients.map(client), killer]);
const elapsed = (Date.now() - started) / 1000;

// ---- verification ------------------------------------------------------------------------------------
const lost = [];
for (const a of acks.comment) {
  const { rows } = await db.query('SELECT player_id FROM news_comments WHERE id = $1', [a.id]);
  if (rows[0]?.player_id !== a.playerId) lost.push({ kind: 'comment', ...a });
}
for (const a of acks.vote) {
  const { rows } = await db.query(
    `SELECT array_agg(o.option_id ORDER BY o.option_id) AS options FROM news_poll_ballots b JOIN news_poll_ballot_options o ON o.ballot_id = b.id
     WHERE b.poll_id = $1 AND b.player_id = $2`,
    [a.pollId, a.playerId],
  );
  if (JSON.stringify(rows[0]?.options ?? null) !== JSON.stringify(a.options)) lost.push({ kind: 'vote', ...a });
}
const lastAck = new Map();
for (const a of acks.prediction) {
  const k = `${a.matchId}:${a.playerId}`;
  if (!lastAck.has(k) || lastAck.get(k).seq < a.seq) lastAck.set(k, a);
}
for (const [k, a] of lastAck) {
  const { rows } = await db.query('SELECT home_score, away_score FROM bet_predictions WHERE match_id = $1 AND player_id = $2', [
    a.matchId,
    a.playerId,
  ]);
  const row = rows[0];
  // Later attempts of the same client on the same match (acknowledged or not) may have replaced it.
  const later = attempts.filter((t) => `${t.matchId}:${t.playerId}` === k && t.seq > a.seq).map((t) => t.score);
  const ok = row && [a.score, ...later].some((s) => s.home === row.home_score && s.away === row.away_score);
  if (!ok) lost.push({ kind: 'prediction', ...a, found: row ?? null });
}
for (const a of acks.signup) {
  const { rows } = await db.query('SELECT 1 FROM newsletter_signups WHERE lower(email) = lower($1)', [a.email]);
  if (!rows.length) lost.push({ kind: 'signup', ...a });
}
await db.end();

console.log(`\n| figure | value |\n|---|---|`);
console.log(`| clients, duration | ${CLIENTS}, ${elapsed.toFixed(1)} s (B killed with SIGKILL at ${(killedAt / 1000).toFixed(1)} s) |`);
console.log(`| requests sent | ${requests} (${(requests / elapsed).toFixed(0)}/s) |`);
console.log(
  `| acknowledged writes | ${acks.comment.length} comments, ${acks.vote.length} votes, ${acks.prediction.length} predictions, ${acks.signup.length} sign-ups |`,
);
console.log(`| not answered (B dying: connection refused/reset) | ${unanswered} |`);
console.log(`| 5xx answers | ${fiveXX} |`);
console.log(`| acknowledged writes missing from the database | ${lost.length} |`);
console.log(
  `\nanswers by kind and status: ${[...statuses]
    .sort()
    .map(([k, v]) => `${k}: ${v}`)
    .join(', ')}`,
);
if (lost.length) console.log('lost:', JSON.stringify(lost.slice(0, 10), null, 1));
if (fiveXX) console.log(`A's stderr (tail):\n${A.stderr().slice(-3000)}`);
for (const p of procs) if (p.alive) p.child.kill('SIGTERM');
process.exit(fiveXX || lost.length ? 1 : 0);
