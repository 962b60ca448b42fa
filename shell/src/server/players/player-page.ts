/**
 * Shared player pages (docs/ARCHITECTURE.md "Page cache"): a logged-in player's page rendered once
 * per page and language for every player of a game server, with the player's own name filled in
 * per request.
 *
 * The render sees a stand-in player ({@link standInPlayer}): its `server` is the real one, its
 * `nickname` a marker of private-use characters, and every field it reads is recorded. The page
 * is shared only when the render read nothing but `server` and `nickname` (a page that reads the
 * player's id, e-mail or rating, e.g. an article's poll rules, is rendered per player), the
 * markers appear only in the body React wrote, and no marker came out altered. Filling in
 * escapes the nickname as React escapes text and attributes (`escapeHtml`), so the page is byte for byte the
 * one a render for that player gives (shell/test/player-page.test.tsx), and the page data gets the
 * player's own user object.
 *
 * The stand-in's render calls the API without a session. Any answer that is not `public` (the
 * API answers per-viewer routes `private, no-store`) makes the page per player too: a route
 * whose answer depends on the session is never shared.
 */
import { escapeHtml, type UserData } from '@landing/shared';
import { nicknameInitial } from '../../layout/nickname';

/** The stand-in's nickname: three private-use characters no real nickname contains (domain/src/rules/account.ts). */
const NICKNAME_MARK = '\uE000\uE001\uE002';
/** What the header's avatar shows for the stand-in ({@link nicknameInitial} of {@link NICKNAME_MARK}). */
const INITIAL_MARK = nicknameInitial(NICKNAME_MARK);
/** The page data's `user` of a shared page: a JSON string replaced by the player's user object. */
export const USER_DATA_MARK = '\uE003user\uE003';

/** Fields of the stand-in a shared page may read: the game server (part of the cache key) and the nickname (filled in). */
const SHAREABLE_FIELDS = new Set<PropertyKey>(['server', 'nickname']);
/** Reads that only look at what kind of object the player is (React, promises, JSON, printing). */
const INTROSPECTION = new Set<PropertyKey>(['$$typeof', 'then', 'toJSON', 'constructor', 'valueOf', 'toString']);
const ANY_MARK = /[\uE000-\uE003]/;
const HOLES = new RegExp(`${NICKNAME_MARK}|${INITIAL_MARK}|"${USER_DATA_MARK}"`, 'g');

/** The stand-in player of one shared render. */
export interface StandInPlayer {
  /** The user object the render's store holds (a proxy that records reads). */
  readonly user: UserData;
  /** Stops recording (called when the render is done; serialising the page data reads no field). */
  stop(): void;
  /** Whether the render read a field that differs between players or used a per-viewer answer (the page is then per player). */
  isPersonal(): boolean;
  /** Makes the page per player (the render used an API answer that is not public: render-api-client.ts). */
  markPersonal(): void;
}

/**
 * A stand-in player of `server` for a shared render.
 * @param server  the game server of the players who will share the page
 */
export function standInPlayer(server: UserData['server']): StandInPlayer {
  let recording = true;
  let personal = false;
  const target: UserData = { id: '', nickname: NICKNAME_MARK, email: null, ovr: 0, server };
  const user = new Proxy(target, {
    get(obj, prop, receiver) {
      if (recording && typeof prop === 'string' && !SHAREABLE_FIELDS.has(prop) && !INTROSPECTION.has(prop)) personal = true;
      return Reflect.get(obj, prop, receiver) as unknown;
    },
    ownKeys(obj) {
      // Listing or copying the fields (spread, Object.keys) copies the personal ones too.
      if (recording) personal = true;
      return Reflect.ownKeys(obj);
    },
  });
  return {
    user,
    stop: () => void (recording = false),
    isPersonal: () => personal,
    markPersonal: () => void (personal = true),
  };
}

/** A shared page cut at its holes, ready to fill. */
export interface PlayerTemplate {
  /** The text between the holes (one more than `holes`). */
  parts: string[];
  holes: Array<'nickname' | 'initial' | 'user'>;
}

/**
 * Cuts a shared render's HTML at its holes, or says the page cannot be shared.
 * @param html  the whole page as rendered for the stand-in
 * @param bodyStart  index of the app's root element in `html` (markers before it, in the head, are not React's)
 * @param dataStart  index of the page data script in `html`
 * @returns the template, or null when the page must be rendered per player
 */
export function playerTemplate(html: string, bodyStart: number, dataStart: number): PlayerTemplate | null {
  if (bodyStart < 0 || dataStart < bodyStart || ANY_MARK.test(html.slice(0, bodyStart))) return null;
  const parts: string[] = [];
  const holes: PlayerTemplate['holes'] = [];
  let last = 0;
  for (const m of html.matchAll(HOLES)) {
    const at = m.index;
    const hole = m[0] === NICKNAME_MARK ? 'nickname' : m[0] === INITIAL_MARK ? 'initial' : 'user';
    // Names only in React's body, the user object only in the page data.
    if ((hole === 'user') !== at >= dataStart) return null;
    parts.push(html.slice(last, at));
    holes.push(hole);
    last = at + m[0].length;
  }
  parts.push(html.slice(last));
  // A marker left over was cut, joined or transformed by the render: the page is per player.
  if (parts.some((p) => ANY_MARK.test(p)) || holes.filter((h) => h === 'user').length !== 1) return null;
  return { parts, holes };
}

/**
 * The text of each kind of hole for a player: the nickname and its initial escaped as React
 * escapes text and attributes, the user object as the page data writes JSON.
 * @param user  the logged-in player (session.ts)
 * @param json  how the page data escapes JSON (page-document.ts `jsonForScript`)
 */
export function playerValues(user: UserData, json: (value: unknown) => string): Record<PlayerTemplate['holes'][number], string> {
  return { nickname: escapeHtml(user.nickname), initial: escapeHtml(nicknameInitial(user.nickname)), user: json(user) };
}

/**
 * The shared page with a player's own parts (as text; the page server sends it with
 * player-gzip.ts `playerPageBody`, which gives the same bytes).
 * @param template  from {@link playerTemplate}
 * @param user  the logged-in player (session.ts)
 * @param json  how the page data escapes JSON (page-document.ts `jsonForScript`)
 */
export function fillPlayerPage(template: PlayerTemplate, user: UserData, json: (value: unknown) => string): string {
  const values = playerValues(user, json);
  let out = template.parts[0]!;
  for (let i = 0; i < template.holes.length; i++) out += values[template.holes[i]!] + template.parts[i + 1]!;
  return out;
}
