/**
 * What the page server's process sets up once for every render, when the render modules load:
 * - the shell's own translations, every language (remotes register theirs when their server build
 *   loads); renders wait for them (`translationsReady`);
 * - the recorder of the dates and numbers a render formats (the browser hydrates with these
 *   texts instead of loading Intl data: shared/src/format.ts). React continues a render from the
 *   promises it awaited, so the store follows the render across its awaits
 *   (AsyncLocalStorage) and never mixes two requests.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { initI18n, registerTranslationLoaders, setFormatRecorder } from '@landing/shared';
import { loaders as shellTranslations } from '../../i18n';

initI18n('en');
registerTranslationLoaders('shell', shellTranslations);

const formattedTexts = new AsyncLocalStorage<Map<string, string>>();
setFormatRecorder(() => formattedTexts.getStore());

/**
 * Runs `work` (the start of a render) with `into` receiving every date and number formatted by
 * the code it runs, and by whatever continues from it.
 * @param into  key → formatted text (the page data's `formatted`)
 */
export function recordingFormattedTexts<T>(into: Map<string, string>, work: () => T): T {
  return formattedTexts.run(into, work);
}
