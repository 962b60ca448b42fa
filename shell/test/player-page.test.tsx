/**
 * @jest-environment node
 *
 * Shared player pages (shell/src/server/players/player-page.ts): a page rendered for a stand-in and filled
 * in with a player's name is byte for byte the page rendered for that player, and a page that
 * reads anything personal is not shared.
 */
import { renderToString } from 'react-dom/server';
import type { UserData } from '@landing/shared';
import { nicknameInitial } from '../src/layout/nickname';
import { fillPlayerPage, playerTemplate, standInPlayer } from '../src/server/players/player-page';
import { jsonForScript } from '../src/server/render/page-document';

const DATA = '<script type="application/json" id="landing-page-data">';

/** The ways the pages show a nickname: text beside text, an attribute, a template literal, the avatar initial. */
function PlayerBits({ user }: { user: UserData }) {
  return (
    <span className="header__user" title={user.nickname}>
      <a aria-label={`My account (${user.nickname})`}>
        <span className="header__avatar">{nicknameInitial(user.nickname)}</span>
        <span className="header__nick">{user.nickname}</span>
      </a>
      <button type="button">
        Log out ({user.nickname}) {user.server === 'royal' ? 'on Royal' : ''}
      </button>
    </span>
  );
}

/** A whole page around the bits, with the page data as page-document.ts writes it. */
const pageOf = (body: string, user: unknown) =>
  `<!doctype html><html><head><title>Royal</title></head><body><div id="root">${body}</div>${DATA}${jsonForScript({ lang: 'en', user })}</script></body></html>`;

const player = (nickname: string): UserData => ({ id: '42', nickname, email: 'p@example.com', ovr: 77, server: 'royal' });

describe('a shared player page', () => {
  test.each(['demo_rookie', 'łukasz', `O'Neil & <Sons> "FC"`, '🦊fox'])(
    'filled in for %s equals the page rendered for them',
    (nickname) => {
      const standIn = standInPlayer('royal');
      const shared = renderToString(<PlayerBits user={standIn.user} />);
      standIn.stop();
      expect(standIn.isPersonal()).toBe(false);
      const html = pageOf(shared, '\uE003user\uE003');
      const template = playerTemplate(html, html.indexOf('<div id="root">'), html.indexOf(DATA));
      expect(template).not.toBeNull();

      const user = player(nickname);
      const own = pageOf(renderToString(<PlayerBits user={user} />), user);
      expect(fillPlayerPage(template!, user, jsonForScript)).toBe(own);
    },
  );

  test('a render that reads the id, e-mail or rating, or lists the fields, is rendered per player', () => {
    const reads: Array<(u: UserData) => unknown> = [(u) => u.id, (u) => u.email, (u) => u.ovr, (u) => ({ ...u })];
    for (const read of reads) {
      const standIn = standInPlayer('royal');
      read(standIn.user);
      expect(standIn.isPersonal()).toBe(true);
    }
    const after = standInPlayer('royal');
    after.stop();
    void after.user.id; // serialising the page data after the render is not a read of the render
    expect(after.isPersonal()).toBe(false);
  });

  test('a name cut, joined or written outside the body is not shared', () => {
    const standIn = standInPlayer('royal');
    const cut = pageOf(`<b>${standIn.user.nickname.slice(0, 2)}</b>`, '\uE003user\uE003');
    expect(playerTemplate(cut, cut.indexOf('<div id="root">'), cut.indexOf(DATA))).toBeNull();
    const inHead = pageOf('', '\uE003user\uE003').replace('<title>Royal', `<title>${standIn.user.nickname}`);
    expect(playerTemplate(inHead, inHead.indexOf('<div id="root">'), inHead.indexOf(DATA))).toBeNull();
    const inData = pageOf('', { user: '\uE003user\uE003', name: standIn.user.nickname });
    expect(playerTemplate(inData, inData.indexOf('<div id="root">'), inData.indexOf(DATA))).toBeNull();
  });
});
