/** Build-time constants injected by rspack's DefinePlugin (shared/build/rspack.mjs). */
declare const __APP_VERSION__: string;
declare const __APP_NAME__: string;
declare module '*.css';

/** Build aliases of the ESM builds behind src/subsets/*.ts (see src/subsets/README.md). */
declare module '@landing/impl/react-router' {
  export * from 'react-router';
}
declare module '@landing/impl/react-i18next' {
  export * from 'react-i18next';
}
declare module '@landing/impl/react-query' {
  export * from '@tanstack/react-query';
}
declare module '@landing/impl/react-hook-form' {
  export * from 'react-hook-form';
}
/** Runtime-only host builds: shared key → version the shell provides (shared/build/rspack.mjs `runtimeHostOptions`). */
declare const __SHARED_VERSIONS__: Record<string, string>;
