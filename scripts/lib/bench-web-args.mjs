/** Command line of scripts/bench-web.mjs: options, defaults and their checks (re-exported by scripts/lib/bench-web.mjs). */
import { parseArgs } from 'node:util';

/** Pages measured when `--pages` is not given; `{article}` is the newest article's slug (GET /{server}/news). */
export const DEFAULT_PAGES = ['/royal', '/royal/news', '/royal/news/{article}', '/royal/bets', '/royal/join'];

/** Name of the comparison build (scripts/monolith.mjs) in rows and JSON; no target may use it. */
export const MONOLITHIC = 'monolithic';

export const USAGE = `usage: node scripts/bench-web.mjs [options]

Lighthouse (mobile preset, simulated throttling) on the landing pages of one or more deployments,
several runs per page, interleaved, medians printed as a Markdown table.

  --target NAME=URL     a running deployment (shell origin, e.g. before=http://localhost:3600); repeatable
  --serve NAME=DIR      start DIR's own scripts/serve.mjs (built checkout) on its own PORT_OFFSET; repeatable
                        (no --target and no --serve: --serve current=<this checkout>)
  --api NAME=URL        API base of a target without {server} (default: a served checkout's API port,
                        else the target's /config.json apiBaseTemplate); repeatable
  --runs N              Lighthouse runs per page and deployment (default 3)
  --pages LIST          comma-separated paths (default ${DEFAULT_PAGES.join(',')});
                        {article} = slug of the newest article of --server
  --server CODE         game server whose news gives {article} (default royal)
  --timeout S           limit of one Lighthouse run in seconds (default 120); a run over it counts as failed
  --port-offset N       PORT_OFFSET of the first --serve checkout (default 600; the next get +10, +20, …)
  --monolith-port P     port of the monolithic comparison build (default 3690)
  --monolith-from DIR   checkout whose scripts/monolith.mjs builds the comparison (default this checkout)
  --no-monolith         do not build and measure the monolithic comparison
  --json FILE           also write every run and the medians as JSON to FILE
  --lhr-dir DIR         also write each run's whole Lighthouse result to DIR (main-thread breakdown,
                        bootup time, long tasks: for profiling)
  -h, --help            this text`;

/**
 * Splits `NAME=VALUE` of a repeatable option.
 * @param {string} option option name, for the error message
 * @param {string} spec e.g. `before=http://localhost:3600`
 * @returns {{ name: string, value: string }}
 * @throws Error when the name is not `[a-z0-9_-]+` or the value is empty
 */
function nameValue(option, spec) {
  const i = spec.indexOf('=');
  const name = i > 0 ? spec.slice(0, i) : '';
  const value = i > 0 ? spec.slice(i + 1) : '';
  if (!/^[a-z0-9_-]+$/i.test(name) || !value)
    throw new Error(`--${option} expects NAME=VALUE (NAME of letters, digits, - or _), got "${spec}"`);
  return { name, value };
}

/** A positive integer from option text, else an Error naming the option. */
function positiveInt(option, text, { min = 1, max = Number.MAX_SAFE_INTEGER } = {}) {
  const n = Number(text);
  if (!Number.isInteger(n) || n < min || n > max) throw new Error(`--${option} expects an integer from ${min} to ${max}, got "${text}"`);
  return n;
}

/**
 * @typedef {{ name: string, url?: string, dir?: string, portOffset?: number }} TargetSpec
 *   a deployment to measure: `url` (shell origin, no trailing slash) for --target, `dir` and
 *   `portOffset` for --serve (its URL is known once the checkout's ports are read)
 * @typedef {{
 *   help: boolean, targets: TargetSpec[], apis: Record<string, string>, runs: number, pages: string[],
 *   server: string, timeoutMs: number, monolith: boolean, monolithPort: number, monolithFrom?: string,
 *   json?: string, lhrDir?: string
 * }} BenchOptions
 */

/**
 * Parses the command line of scripts/bench-web.mjs (node:util parseArgs, strict).
 * @param {string[]} argv arguments after the script name
 * @param {{ defaultServeDir: string }} defaults checkout served when no --target/--serve is given
 * @returns {BenchOptions} targets in command-line order (--target first, then --serve);
 *   `timeoutMs` in ms; --serve checkouts get PORT_OFFSET `port-offset + 10 × i`
 * @throws Error (message meant for the user) on an unknown option, a bad value, a duplicate or
 *   reserved target name, an --api for no target
 */
export function parseBenchArgs(argv, { defaultServeDir }) {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: {
      target: { type: 'string', multiple: true },
      serve: { type: 'string', multiple: true },
      api: { type: 'string', multiple: true },
      runs: { type: 'string', default: '3' },
      pages: { type: 'string' },
      server: { type: 'string', default: 'royal' },
      timeout: { type: 'string', default: '120' },
      'port-offset': { type: 'string', default: '600' },
      'monolith-port': { type: 'string', default: '3690' },
      'monolith-from': { type: 'string' },
      'no-monolith': { type: 'boolean', default: false },
      json: { type: 'string' },
      'lhr-dir': { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const portOffset = positiveInt('port-offset', values['port-offset'], { min: 0, max: 60_000 });
  /** @type {TargetSpec[]} */
  const targets = [];
  for (const spec of values.target ?? []) {
    const { name, value } = nameValue('target', spec);
    let url;
    try {
      url = new URL(value);
    } catch {
      throw new Error(`--target ${name}: "${value}" is not a URL`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`--target ${name}: only http(s) URLs can be measured`);
    targets.push({ name, url: url.origin + url.pathname.replace(/\/+$/, '') });
  }
  const serve = (values.serve ?? []).map((spec) => nameValue('serve', spec));
  if (!targets.length && !serve.length) serve.push({ name: 'current', value: defaultServeDir });
  serve.forEach(({ name, value }, i) => targets.push({ name, dir: value, portOffset: portOffset + 10 * i }));
  const seen = new Set();
  for (const t of targets) {
    if (t.name === MONOLITHIC) throw new Error(`target name "${MONOLITHIC}" is reserved for the comparison build`);
    if (seen.has(t.name)) throw new Error(`target name "${t.name}" is used twice`);
    seen.add(t.name);
  }
  /** @type {Record<string, string>} */
  const apis = {};
  for (const spec of values.api ?? []) {
    const { name, value } = nameValue('api', spec);
    if (!seen.has(name)) throw new Error(`--api ${name}: no --target or --serve is called "${name}"`);
    apis[name] = value.replace(/\/+$/, '');
  }
  const pages = values.pages
    ? values.pages
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean)
    : [...DEFAULT_PAGES];
  for (const p of pages) if (!p.startsWith('/')) throw new Error(`--pages: "${p}" is not a path (must start with /)`);
  if (!/^[a-z0-9-]+$/.test(values.server)) throw new Error(`--server expects a server code like royal, got "${values.server}"`);
  return {
    help: values.help,
    targets,
    apis,
    runs: positiveInt('runs', values.runs, { max: 50 }),
    pages,
    server: values.server,
    timeoutMs: positiveInt('timeout', values.timeout, { min: 10, max: 1800 }) * 1000,
    monolith: !values['no-monolith'],
    monolithPort: positiveInt('monolith-port', values['monolith-port'], { max: 65_535 }),
    monolithFrom: values['monolith-from'],
    json: values.json,
    lhrDir: values['lhr-dir'],
  };
}
