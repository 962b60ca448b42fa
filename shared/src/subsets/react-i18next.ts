/**
 * The part of react-i18next that this site's apps use, provided in the browser as the shared
 * `react-i18next` (how and why: ./README.md). Not provided: the HOCs
 * (`withTranslation`, `withSSR`), the render-prop `Translation` and the SSR helpers.
 */
export { I18nextProvider, initReactI18next, Trans, useTranslation } from '@landing/impl/react-i18next';
