/**
 * The shell's browser build as the page server uses it (shell/dist): the HTML template the pages
 * are written into, and the static files (precompressed brotli/gzip from the build, immutable
 * when hashed). Both follow a rebuild: index.html's modification time is looked at once a second.
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import sirv from 'sirv';
import { ENV_CHECK_INTERVAL_MS } from '../environment/environment';
import type { HtmlTemplate } from '../render/render-types';

/** Files a browser must ask for again each time (the offline worker, the manifest, the app shell). */
const NO_CACHE_FILES = /(^|\/)(sw\.js|manifest\.webmanifest|index\.html)$/;
/** A content hash in the file name: the file never changes. */
const HASHED = /\.[0-9a-f]{10}\./;

/** The static file handler of the build (a connect-style middleware). */
type StaticFiles = ReturnType<typeof sirv>;

/** What {@link buildReader} gives: both read the build again when it changed. */
export interface BuildReader {
  /** The build's index.html cut around `<div id="root"></div>`. */
  template(): HtmlTemplate;
  /** The build's files, with their `Cache-Control`. */
  files(): StaticFiles;
}

/** Reads a JSON file; `fallback` when missing or invalid. */
function readJson<T>(file: string, fallback: T): T {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return fallback;
  }
}

/**
 * Reads the build in `distDir` (index.html, ssr-assets.json and the files beside them).
 * @throws when `distDir/index.html` does not exist (on the first call of either method)
 */
export function buildReader(distDir: string): BuildReader {
  let checkedAt = -Infinity;
  let mtime = -1;
  let template: HtmlTemplate | null = null;
  let files: StaticFiles | null = null;
  const refresh = () => {
    const now = Date.now();
    if (template && now - checkedAt < ENV_CHECK_INTERVAL_MS) return;
    checkedAt = now;
    const file = join(distDir, 'index.html');
    const m = statSync(file).mtimeMs;
    if (template && m === mtime) return;
    mtime = m;
    const html = readFileSync(file, 'utf8');
    const head = /<head>([\s\S]*)<\/head>/.exec(html)?.[1] ?? '';
    const body = /<body>([\s\S]*)<\/body>/.exec(html)?.[1] ?? '';
    const bodyEnd = body.slice(body.indexOf('</div>') + '</div>'.length).replace(/<noscript>[\s\S]*?<\/noscript>/, '');
    const assets = readJson<{ css?: string[]; preload?: string[]; pages?: { home?: string[] } }>(join(distDir, 'ssr-assets.json'), {});
    const preload =
      (assets.css ?? []).map((f) => `<link rel="stylesheet" href="/${f}">`).join('') +
      (assets.preload ?? []).map((f) => `<link rel="preload" as="script" href="/${f}">`).join('');
    // The build's own <title> and description give way to the page's (one of each per page).
    const description = /<meta name="description"[^>]*>/.exec(head)?.[0] ?? '';
    const pageHead = head.replace(/<title>[\s\S]*?<\/title>/, '').replace(description, '');
    const home = (assets.pages?.home ?? []).map((f) => `<link rel="preload" as="script" href="/${f}">`).join('');
    template = { head: pageHead, description, bodyEnd, preload, pagePreload: { home } };
    // sirv lists the folder once: a rebuild needs a new handler.
    files = sirv(distDir, {
      dev: false,
      etag: true,
      brotli: true,
      gzip: true,
      setHeaders(res, pathname) {
        if (NO_CACHE_FILES.test(pathname)) res.setHeader('Cache-Control', 'no-cache');
        else if (HASHED.test(pathname)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
        else res.setHeader('Cache-Control', 'public, max-age=3600');
      },
    });
  };
  return {
    template() {
      refresh();
      return template!;
    },
    files() {
      refresh();
      return files!;
    },
  };
}
