/**
 * The registration form checks the API's account rules before sending (issue 13: an overlong
 * name was cut by `maxlength`, a password of 8 spaces passed the page). The rules live twice —
 * the API's tsconfig keeps every source under api/, so it cannot import mf-auth — and this test
 * runs both over the same inputs: whatever the page accepts, the API accepts, and the other way
 * round (apart from the API's list of common passwords, which the page does not carry).
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { REPO_ROOT } from '../src/config.js';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordProblem } from '../src/lib/auth-crypto.js';
import { EMAIL_PATTERN, NICKNAME_PATTERN } from '../src/routes/auth.js';

interface ClientRules {
  NICKNAME_PATTERN: RegExp;
  EMAIL_PATTERN: RegExp;
  PASSWORD_MIN_LENGTH: number;
  PASSWORD_MAX_LENGTH: number;
  nicknameProblem(raw: string): string | null;
  passwordProblem(password: string, context?: { nickname?: string | null; email?: string | null }): string | null;
  validateRegister(v: { nickname: string; email: string; password: string; terms: boolean }): Record<string, string | undefined>;
}

// Loaded by URL so TypeScript does not pull mf-auth into the API's program (rootDir).
const client = (await import(pathToFileURL(join(REPO_ROOT, 'mf-auth', 'src', 'lib', 'validation.ts')).href)) as ClientRules;

const NICKNAMES = [
  '', '   ', 'ab', 'abc', '  abc  ', 'Łukasz_10', 'Дмитрий', 'İsmail.K', 'a-b.c_d', 'with space', 'semi;colon', 'emoji⚽',
  'x'.repeat(20), 'x'.repeat(21), 'Żółć'.repeat(5), 'Żółć'.repeat(5) + 'x', 'ab\u0301', '１２３',
];
const PASSWORDS = [
  '', ' ', 'short', '1234567', '        ', '\t\t\t\t\t\t\t\t', '   a    ', 'Stadium-Lights-2026', 'pass with spaces',
  'zażółć gęślą', 'x'.repeat(PASSWORD_MAX_LENGTH), 'x'.repeat(PASSWORD_MAX_LENGTH + 1), '⚽'.repeat(8), '⚽'.repeat(7),
  'Striker_99', 'STRIKER_99', 'striker99@example.org', 'striker99',
];
const CONTEXT = { nickname: 'Striker_99', email: 'striker99@example.org' };

describe('registration rules: the page and the API agree (mf-auth/src/lib/validation.ts ↔ API)', () => {
  it('same constants and patterns', () => {
    assert.equal(client.NICKNAME_PATTERN.source, NICKNAME_PATTERN.source);
    assert.equal(client.NICKNAME_PATTERN.flags, NICKNAME_PATTERN.flags);
    assert.equal(client.EMAIL_PATTERN.source, EMAIL_PATTERN.source);
    assert.equal(client.PASSWORD_MIN_LENGTH, PASSWORD_MIN_LENGTH);
    assert.equal(client.PASSWORD_MAX_LENGTH, PASSWORD_MAX_LENGTH);
  });

  it('a player name passes the page exactly when it passes the API (trimmed, 3–20, letters/digits/_.-)', () => {
    for (const raw of NICKNAMES) {
      const api = raw.trim() !== '' && NICKNAME_PATTERN.test(raw.trim());
      assert.equal(client.nicknameProblem(raw) === null, api, JSON.stringify(raw));
    }
    // Too long is said as such, never cut.
    assert.equal(client.nicknameProblem('x'.repeat(21)), 'NICKNAME_TOO_LONG');
    assert.equal(client.validateRegister({ nickname: 'x'.repeat(25), email: 'a@b.cd', password: 'Stadium-Lights-2026', terms: true }).nickname, 'validation.nicknameTooLong');
  });

  it('a password gets the same verdict on the page and from the API (the common-password list is API-only)', () => {
    for (const password of PASSWORDS) {
      for (const context of [{}, CONTEXT]) {
        const api = passwordProblem(password, context);
        const page = client.passwordProblem(password, context);
        if (api === 'PASSWORD_TOO_COMMON') assert.equal(page, null, JSON.stringify(password));
        else assert.equal(page, api, `${JSON.stringify(password)} with ${JSON.stringify(context)}`);
      }
    }
  });

  it('eight spaces are refused by both, with the same reason', () => {
    assert.equal(passwordProblem('        '), 'PASSWORD_BLANK');
    assert.equal(client.passwordProblem('        '), 'PASSWORD_BLANK');
    assert.equal(client.validateRegister({ nickname: 'Striker_99', email: 'a@b.cd', password: '        ', terms: true }).password, 'validation.passwordBlank');
  });
});
