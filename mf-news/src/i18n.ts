/**
 * Translations of the `news` namespace for the nine locales (spec §1), and the texts of the news
 * API's error codes, merged into the shared `common:errors` so the shared client's toasts (spec §8)
 * show them translated.
 */
import { registerTranslations, type LocaleBundles } from '@landing/shared';
import en from './locales/en.json';
import ru from './locales/ru.json';
import pl from './locales/pl.json';
import br from './locales/br.json';
import es from './locales/es.json';
import it from './locales/it.json';
import de from './locales/de.json';
import fr from './locales/fr.json';
import tr from './locales/tr.json';

export const bundles: LocaleBundles = { en, ru, pl, br, es, it, de, fr, tr };

/** Registers `news` and the news API error codes (`common:errors.<CODE>`); idempotent. */
export function registerNewsTranslations(): void {
  registerTranslations('news', bundles);
  const errors = Object.fromEntries(
    Object.entries(bundles).map(([code, b]) => [code, { errors: (b as { apiErrors: Record<string, string> }).apiErrors }]),
  ) as unknown as LocaleBundles;
  registerTranslations('common', errors);
}
