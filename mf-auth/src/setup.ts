/** Side effects every exposed module needs once: the `auth` translations and the styles. */
import { registerTranslations } from '@landing/shared';
import { bundles } from './i18n';
import './auth.css';

registerTranslations('auth', bundles);
