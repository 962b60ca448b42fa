/**
 * What the SSR suites share: the repository root, the leaderboard's version, a page as a crawler
 * gets it, and the visible text of HTML.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ports } from './fixtures';

/** The repository's root folder. */
export const root = join(__dirname, '..');
/** Version of mf-leaderboard in the tree (its dist/<version>/ folder). */
export const leaderboardVersion = JSON.parse(readFileSync(join(root, 'mf-leaderboard', 'package.json'), 'utf8')).version as string;

/** GET without a browser, as a crawler or curl sees the page. */
export async function html(path: string, cookie = ''): Promise<{ status: number; text: string }> {
  const res = await fetch(`http://localhost:${ports.shell}${path}`, { headers: { cookie }, redirect: 'manual' });
  return { status: res.status, text: await res.text() };
}

/** The text of an HTML fragment: tags dropped, the entities React writes decoded, spaces collapsed. */
export const text = (s: string) =>
  s
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, ' ');
