/**
 * @jest-environment node
 *
 * A shared player page sent as gzip without compressing it per answer (shell/src/server/players/player-gzip.ts):
 * the answer is a valid gzip member whose text is exactly the filled page, for any nickname.
 */
import { gunzipSync } from 'node:zlib';
import type { UserData } from '@landing/shared';
import { playerPageBody, sendableTemplate } from '../src/server/players/player-gzip';
import { fillPlayerPage, playerTemplate, playerValues, standInPlayer } from '../src/server/players/player-page';
import { jsonForScript } from '../src/server/render/page-document';

const DATA = '<script type="application/json" id="landing-page-data">';
const stand = standInPlayer('royal').user;
/** A page as the stand-in's render gives it: long text around the holes, the user object in the page data. */
const html =
  `<!doctype html><html><head><title>Royal</title></head><body><div id="root">` +
  `<header><span>${stand.nickname}</span>${'<p>Match report: goals, cards and a late winner. </p>'.repeat(400)}` +
  `<button>Log out (${stand.nickname})</button></header></div>${DATA}${jsonForScript({ lang: 'en', user: '\uE003user\uE003' })}</script></body></html>`;
const template = playerTemplate(html, html.indexOf('<div id="root">'), html.indexOf(DATA))!;
const sendable = sendableTemplate(template);
const player = (nickname: string): UserData => ({ id: '9', nickname, email: 'p@example.org', ovr: 61, server: 'royal' });

test.each(['demo_rookie', 'łukasz', `O'Neil & <Sons> "FC"`, '🦊fox'])('gzip and identity bodies for %s are the filled page', (nickname) => {
  expect(template).not.toBeNull();
  const user = player(nickname);
  const own = fillPlayerPage(template, user, jsonForScript);
  const values = playerValues(user, jsonForScript);
  const gzip = playerPageBody(sendable, values, 'gzip');
  expect(gzip.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
  expect(gunzipSync(gzip).toString('utf8')).toBe(own);
  expect(playerPageBody(sendable, values, 'identity').toString('utf8')).toBe(own);
  // Compressed once, not per answer: the page is far smaller than its text.
  expect(gzip.length).toBeLessThan(Buffer.byteLength(own) / 10);
});
