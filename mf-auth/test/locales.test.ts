import { LOCALE_CODES } from '@landing/shared';
import { loaders } from '../src/i18n';

function keys(o: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(o).flatMap(([k, v]) =>
    v && typeof v === 'object' ? keys(v as Record<string, unknown>, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}

test('every string of the auth namespace exists in all nine locales, with the same placeholders', async () => {
  const load = async (code: keyof typeof loaders) => {
    const mod = (await loaders[code]()) as { default?: Record<string, unknown> } & Record<string, unknown>;
    return (mod.default ?? mod) as Record<string, unknown>;
  };
  const bundles = Object.fromEntries(await Promise.all(LOCALE_CODES.map(async (c) => [c, await load(c)] as const))) as Record<
    string,
    Record<string, unknown>
  >;
  const en = bundles.en!;
  const enKeys = keys(en).sort();
  const get = (o: Record<string, unknown>, path: string) =>
    path.split('.').reduce<unknown>((x, k) => (x as Record<string, unknown>)[k], o) as string;
  for (const code of LOCALE_CODES) {
    const b = bundles[code] as Record<string, unknown>;
    expect(keys(b).sort()).toEqual(enKeys);
    for (const k of enKeys) {
      const vars = (s: string) => (s.match(/\{\{\w+\}\}|<\/?\w+>/g) ?? []).sort();
      expect([code, k, vars(get(b, k))]).toEqual([code, k, vars(get(en, k))]);
      expect(get(b, k).trim().length).toBeGreaterThan(0);
    }
  }
});
