/**
 * Every user-facing string exists in all nine locales (spec §1), with the CLDR plural forms of
 * each language (ru/pl need one/few/many/other), and the same interpolation variables as English.
 * Scans the `src/locales/*.json` of every package, so a new package is covered automatically.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOCALES } from '../src/config';

const root = join(__dirname, '..', '..');
const packages = readdirSync(root).filter((d) => existsSync(join(root, d, 'src', 'locales', 'en.json')));
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
const vars = (s: string) => [...s.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort();

test('there are locale folders to check', () => {
  expect(packages).toEqual(expect.arrayContaining(['shared', 'shell', 'mf-leaderboard']));
});

describe.each(packages)('%s', (pkg) => {
  const load = (code: string) => flatten(JSON.parse(readFileSync(join(root, pkg, 'src', 'locales', `${code}.json`), 'utf8')));
  const en = load('en');
  const baseKeys = [...new Set(Object.keys(en).map((k) => k.replace(PLURAL, '')))];
  const pluralBases = new Set(
    Object.keys(en)
      .filter((k) => PLURAL.test(k))
      .map((k) => k.replace(PLURAL, '')),
  );

  test.each(LOCALES.map((l) => [l.code, l.iso]))('%s has every key, plural form and variable', (code, iso) => {
    const file = join(root, pkg, 'src', 'locales', `${code}.json`);
    expect(existsSync(file)).toBe(true);
    const msgs = load(code);
    const categories = new Intl.PluralRules(iso).resolvedOptions().pluralCategories;
    const missing: string[] = [];
    const wrongVars: string[] = [];
    for (const base of baseKeys) {
      const needed = pluralBases.has(base) ? categories.map((c) => `${base}_${c}`) : [base];
      for (const key of needed) {
        if (!msgs[key] || !msgs[key]!.trim()) missing.push(key);
      }
      const enText = en[base] ?? en[`${base}_other`] ?? '';
      const text = msgs[base] ?? msgs[`${base}_other`];
      if (text !== undefined) {
        const expected = vars(enText).filter((v) => v !== 'count');
        const got = vars(text).filter((v) => v !== 'count');
        if (expected.join() !== got.join()) wrongVars.push(`${base}: ${got.join(',')} ≠ ${expected.join(',')}`);
      }
    }
    expect(missing).toEqual([]);
    expect(wrongVars).toEqual([]);
  });
});
