/**
 * The initial of a player's nickname shown in the header's avatar: its first character (a whole
 * code point, so an emoji or astral letter stays whole), upper-cased. The page server's shared
 * player pages (shell/src/server/players/player-page.ts) rely on this being the only transformation of a
 * nickname that a page renders.
 * @param nickname  the player's nickname (spec §3 `userData.nickname`)
 * @returns one character, or '' for an empty nickname
 */
export function nicknameInitial(nickname: string): string {
  return (Array.from(nickname)[0] ?? '').toUpperCase();
}
