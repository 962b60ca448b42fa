/**
 * The account rules (player name, e-mail, password: spec §5, §8) are written once, in
 * `@landing/domain` (domain/src/rules/account.ts). The registration form (mf-auth/src/lib/form-resolver.ts)
 * calls those functions before sending; the API calls them on every request. This test sends
 * real registrations and requires the API's verdict to be the rule's verdict, input by input
 * (an overlong name is never cut, a password of 8 spaces does not pass), plus what
 * only the API checks: the list of common passwords.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { emailProblem, nicknameProblem, PASSWORD_MAX_LENGTH, passwordProblem } from '@landing/domain';
import { apiPasswordProblem, isCommonPassword } from '../src/domains/auth/crypto.js';
import { freshIp, post } from './auth-helpers.js';
import { setupTestApp } from './helpers.js';

const NICKNAMES = [
  '',
  '   ',
  'ab',
  'abc',
  '  abc  ',
  'Łukasz_10',
  'Дмитрий',
  'İsmail.K',
  'a-b.c_d',
  'with space',
  'semi;colon',
  'emoji⚽',
  'x'.repeat(20),
  'x'.repeat(21),
  'Żółć'.repeat(5),
  'Żółć'.repeat(5) + 'x',
  'ab\u0301',
  '１２３',
];
const EMAILS = ['', '  ', 'plain', 'a@b', 'a@b.c', 'a@b.cd', ' Striker99@Example.org ', 'two@@example.org', 'sp ace@example.org'];
const PASSWORDS = [
  '',
  ' ',
  'short',
  '1234567',
  '        ',
  '\t\t\t\t\t\t\t\t',
  '   a    ',
  'Stadium-Lights-2026',
  'pass with spaces',
  'zażółć gęślą',
  'x'.repeat(PASSWORD_MAX_LENGTH),
  'x'.repeat(PASSWORD_MAX_LENGTH + 1),
  '⚽'.repeat(8),
  '⚽'.repeat(7),
  'Striker_99',
  'STRIKER_99',
  'striker99@example.org',
  'striker99',
  'password123',
];
const GOOD = { nickname: 'Striker_99', email: 'striker99@example.org', password: 'Stadium-Lights-2026' };

/** The code the API answers for a registration with the terms NOT accepted (so nothing is ever created). */
async function verdict(app: Parameters<typeof post>[0], fields: { nickname: string; email: string; password: string }): Promise<string> {
  const res = await post(app, '/royal/auth/register', { ...fields, terms: false }, { ip: freshIp() });
  assert.equal(res.statusCode, 400, res.body);
  return (res.json() as { error: string }).error;
}

describe('account rules: the API applies @landing/domain rules/account.ts, the same functions as the page', () => {
  const suite = setupTestApp();

  it('a player name is refused by the API exactly when the rule refuses it (trimmed, 3–20, letters/digits/_.-)', async () => {
    for (const nickname of NICKNAMES) {
      const problem = nicknameProblem(nickname);
      const expected = problem === null ? 'TERMS_REQUIRED' : problem === 'NICKNAME_REQUIRED' ? 'NICKNAME_REQUIRED' : 'NICKNAME_INVALID';
      assert.equal(await verdict(suite.app, { ...GOOD, nickname }), expected, JSON.stringify(nickname));
    }
    // Too long is its own reason for the form (never cut).
    assert.equal(nicknameProblem('x'.repeat(21)), 'NICKNAME_TOO_LONG');
  });

  it('an e-mail address is refused by the API exactly when the rule refuses it', async () => {
    for (const email of EMAILS) {
      const expected = emailProblem(email) ?? 'TERMS_REQUIRED';
      assert.equal(await verdict(suite.app, { ...GOOD, email }), expected, JSON.stringify(email));
    }
  });

  it('a password gets the rule’s verdict from the API; the common-password list is the API’s only addition', async () => {
    for (const password of PASSWORDS) {
      const page = passwordProblem(password, { nickname: GOOD.nickname, email: GOOD.email });
      const api = apiPasswordProblem(password, { nickname: GOOD.nickname, email: GOOD.email });
      if (api !== page) assert.equal(api, 'PASSWORD_TOO_COMMON', JSON.stringify(password));
      assert.equal(await verdict(suite.app, { ...GOOD, password }), api ?? 'TERMS_REQUIRED', JSON.stringify(password));
    }
    assert.equal(isCommonPassword('password123'), true);
    assert.equal(apiPasswordProblem('password123'), 'PASSWORD_TOO_COMMON');
    assert.equal(passwordProblem('password123'), null);
  });

  it('eight spaces are refused with the same reason by the rule and by the API', async () => {
    assert.equal(passwordProblem('        '), 'PASSWORD_BLANK');
    assert.equal(await verdict(suite.app, { ...GOOD, password: '        ' }), 'PASSWORD_BLANK');
  });
});
