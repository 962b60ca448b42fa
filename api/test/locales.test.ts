/**
 * The API's user-facing texts (auth messages, e-mails, notifications: src/locales/<code>.json,
 * spec §1 nine languages) — the rules of the front end's shared/test/locales.test.ts, which scans
 * this folder too: every locale has every key of English, no key English lacks, the CLDR plural
 * forms of its language for plural keys (`_one`, `_few`, …), and the same `{{variables}}`. Also:
 * every key the code uses exists, and the instance answers each language with its own text.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { LOCALE_CODES, LOCALES } from '@landing/domain';
import { API_ROOT } from '../src/config.js';
import { LOCALES_DIR, readLocaleFile, serverText } from '../src/lib/i18n.js';

const PLURAL = /_(zero|one|two|few|many|other)$/;

function flatten(obj: Record<string, unknown>, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(obj)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object') Object.assign(out, flatten(v as Record<string, unknown>, key));
    else out[key] = String(v);
  }
  return out;
}
const vars = (s: string) =>
  [...s.matchAll(/\{\{\s*(\w+)/g)]
    .map((m) => m[1]!)
    .filter((v) => v !== 'count')
    .sort();

/** Every `.ts` file under `dir`. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? sources(join(dir, d.name)) : d.name.endsWith('.ts') ? [join(dir, d.name)] : [],
  );
}

describe('server locales (src/locales)', () => {
  const en = flatten(readLocaleFile('en'));
  const baseKeys = [...new Set(Object.keys(en).map((k) => k.replace(PLURAL, '')))];
  const pluralBases = new Set(
    Object.keys(en)
      .filter((k) => PLURAL.test(k))
      .map((k) => k.replace(PLURAL, '')),
  );

  it('there is one file per locale and no other', () => {
    assert.deepEqual(readdirSync(LOCALES_DIR).sort(), LOCALE_CODES.map((c) => `${c}.json`).sort());
  });

  for (const { code, iso } of LOCALES) {
    it(`${code} has every key, plural form and variable of English, and nothing else`, () => {
      const msgs = flatten(readLocaleFile(code));
      const categories = new Intl.PluralRules(iso).resolvedOptions().pluralCategories;
      const missing: string[] = [];
      const wrongVars: string[] = [];
      const allowed = new Set<string>();
      for (const base of baseKeys) {
        const needed = pluralBases.has(base) ? categories.map((c) => `${base}_${c}`) : [base];
        for (const key of needed) {
          allowed.add(key);
          if (!msgs[key]?.trim()) missing.push(key);
        }
        const enText = en[base] ?? en[`${base}_other`] ?? '';
        const text = msgs[base] ?? msgs[`${base}_other`];
        if (text !== undefined && vars(text).join() !== vars(enText).join())
          wrongVars.push(`${base}: ${vars(text).join()} ≠ ${vars(enText).join()}`);
      }
      assert.deepEqual(missing, []);
      assert.deepEqual(wrongVars, []);
      assert.deepEqual(
        Object.keys(msgs).filter((k) => !allowed.has(k)),
        [],
        'keys English does not have',
      );
    });
  }

  it('every text key the code asks for exists in English', () => {
    const used = new Set<string>();
    for (const file of sources(join(API_ROOT, 'src'))) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/\b(?:authError\(\s*\d+\s*,\s*\w+(?:\.\w+)*\s*,|authMessage\(\s*[\w.]+\s*,)\s*'([A-Z_]+)'/g))
        used.add(`auth.${m[1]}`);
      for (const m of text.matchAll(/serverText\(\s*[\w.]+\s*,\s*'(\w+)'\s*,\s*'([\w.]+)'/g)) used.add(`${m[1]}.${m[2]}`);
    }
    assert.ok(used.size > 20, `found ${used.size} keys in the code`);
    assert.deepEqual(
      [...used].filter((k) => en[k] === undefined && en[`${k}_other`] === undefined),
      [],
    );
  });

  it('answers each language in its own words, with the placeholders filled', () => {
    const seen = new Set(LOCALE_CODES.map((code) => serverText(code, 'news', 'voteInfo')));
    assert.equal(seen.size, LOCALE_CODES.length, 'nine different vote notices');
    assert.equal(serverText('pl', 'auth', 'CODE_RESEND_WAIT', { seconds: 30 }), 'Odczekaj 30 s, zanim poprosisz o nowy kod');
    assert.equal(serverText('br', 'auth', 'LOGGED_OUT'), readLocaleFile('br').auth.LOGGED_OUT);
  });
});
