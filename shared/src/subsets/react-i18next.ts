/**
 * The part of react-i18next that this site's apps use, provided in the browser as the shared
 * `react-i18next` (how and why: ./README.md). Not provided: the HOCs
 * (`withTranslation`, `withSSR`), the render-prop `Translation`, the SSR helpers and `Trans`
 * (3.3 KiB gzip with its HTML parser, which every remote page would load for one form): an app
 * that needs it bundles the package's `react-i18next/TransWithoutContext` and passes it `i18n`
 * and `t` (mf-auth's RegisterForm).
 */
export { I18nextProvider, initReactI18next, useTranslation } from '@landing/impl/react-i18next';
