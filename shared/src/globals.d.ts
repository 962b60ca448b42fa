/** Build-time constants injected by rspack's DefinePlugin (shared/build/rspack.mjs). */
declare const __APP_VERSION__: string;
declare const __APP_NAME__: string;
declare module '*.css';

/** Build alias of react-router's ESM entry, used only by src/router.ts (see there). */
declare module '@landing/react-router-impl' {
  export * from 'react-router';
}
