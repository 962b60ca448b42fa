/** Country names in the interface language, from the browser's (or Node's) CLDR data. */
const names = new Map<string, Intl.DisplayNames | null>();

/** The country's name in `language` (CLDR, `Intl.DisplayNames`), else the code itself. */
export function countryName(code: string, language: string): string {
  if (!names.has(language)) {
    try {
      names.set(language, new Intl.DisplayNames([language, 'en'], { type: 'region' }));
    } catch {
      names.set(language, null);
    }
  }
  try {
    return names.get(language)?.of(code) ?? code;
  } catch {
    return code;
  }
}
