// Kept importable under its old name for shell/src/server/ (render.tsx, http.ts): the module is page-data.ts.
export * from './page-data';
