/** Side effects every exposed module needs once: the `auth` translations and the styles. */
import { registerTranslationLoaders } from '@landing/shared';
import { loaders } from './i18n';
import './auth.css';

registerTranslationLoaders('auth', loaders);
