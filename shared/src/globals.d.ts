/** Build-time constants injected by rspack's DefinePlugin (shared/build/rspack.mjs). */
declare const __APP_VERSION__: string;
declare const __APP_NAME__: string;
declare module '*.css';
