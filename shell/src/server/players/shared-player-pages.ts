/**
 * The page server's side of shared player pages (player-page.ts; docs/ARCHITECTURE.md "Page
 * cache"): a logged-in player's page comes from the page cache entry of their game server, page
 * and language, rendered once for a stand-in, with the player's own parts filled in per answer.
 * A page whose stand-in render read something personal is rendered per player for
 * {@link PERSONAL_PAGE_MEMORY_MS} before it is tried again.
 */
import { LRUCache } from 'lru-cache';
import { PAGE_DATA_ELEMENT_ID } from '../../page-data';
import { jsonForScript } from '../render/page-document';
import { pageCacheKey, type CachedPage, type PageCache, type PersonalRender } from '../cache/page-cache';
import type { PageRequest, Redirect } from '../pages/page-request';
import { toRenderedPage, type PageRenderer } from '../render/page-renderer';
import { playerPageBody, sendableTemplate, type SendableTemplate } from './player-gzip';
import { playerTemplate, playerValues, standInPlayer } from './player-page';
import type { PlayerPage } from '../http/responses';
import type { SessionPlayer } from '../pages/session';

/** How long a page whose stand-in render read a personal field is rendered per player before trying again (ms). */
const PERSONAL_PAGE_MEMORY_MS = 10 * 60_000;

/** Cuts a stand-in's page at its holes (null: the page cannot be shared). */
const templateOf = (html: string) =>
  playerTemplate(html, html.indexOf('<div id="root">'), html.indexOf(`<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">`));

/**
 * The shared player pages of one page server.
 * @returns `sharedPlayerPage(request, player)`: the player's page filled in from the shared one
 *          (with the cache status of the shared entry), the redirect the stand-in's render
 *          answered, or null when this page is rendered per player
 */
export function createSharedPlayerPages(cache: PageCache, renderer: PageRenderer) {
  /** Page cache keys whose stand-in render read a personal field. */
  const personalPages = new LRUCache<string, true>({ max: 5000, ttl: PERSONAL_PAGE_MEMORY_MS });
  const templates = new WeakMap<CachedPage, SendableTemplate>();

  return async function sharedPlayerPage(req: PageRequest, player: SessionPlayer): Promise<PlayerPage | Redirect | null> {
    const key = pageCacheKey(req.env.version, req.origin, req.url, req.lang, `player:${player.user.server}`);
    if (personalPages.has(key)) return null;
    const { answer: cached, cache: status } = await cache.get<Redirect | PersonalRender>(key, () =>
      renderer.limited(async () => {
        const standIn = standInPlayer(player.user.server);
        const rendered = await renderer.render(req, { standIn });
        if (rendered.kind === 'redirect') return rendered;
        if (standIn.isPersonal() || !templateOf(rendered.html)) return { kind: 'personal' };
        return toRenderedPage(rendered, false);
      }),
    );
    if (cached.kind === 'redirect') return cached;
    let template = cached.kind === 'page' ? templates.get(cached) : undefined;
    if (cached.kind === 'page' && !template) {
      // A cached page without its holes (not one this function rendered) is never filled in: it is per player.
      const cut = templateOf(cached.body.identity.toString('utf8'));
      if (cut) templates.set(cached, (template = sendableTemplate(cut)));
    }
    if (cached.kind !== 'page' || !template) {
      personalPages.set(key, true);
      return null;
    }
    const sendable = template;
    const values = playerValues(player.user, jsonForScript);
    return {
      kind: 'page',
      status: cached.status,
      renderMs: cached.renderMs,
      cache: status,
      body: (encoding) => playerPageBody(sendable, values, encoding),
    };
  };
}
