/** Translations of the `bets` namespace for the nine locales (spec §1). */
import type { LocaleBundles } from '@landing/shared';
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
