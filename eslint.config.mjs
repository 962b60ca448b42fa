/**
 * ESLint flat config. Besides TypeScript and React-hooks rules, it enforces the federation
 * boundary (docs/ARCHITECTURE.md): a remote never imports another remote's source, and nobody
 * imports `shared` by a relative path (that would split the store singleton).
 */
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { reactRefresh } from 'eslint-plugin-react-refresh';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';
import checkFile from 'eslint-plugin-check-file';
import globals from 'globals';
import { REMOTES } from './shared/apps.mjs';

/** Folders of the remotes (app registry, shared/apps.mjs). */
const remotes = REMOTES.map((r) => r.folder);

/** Import patterns a package may not use. */
function forbiddenFor(pkg) {
  const others = remotes.filter((r) => r !== pkg);
  return [
    ...others.flatMap((r) => [
      {
        group: [`**/${r}/**`, `../${r}`, `../../${r}`, `@landing/${r}`, `@landing/${r}/**`],
        message: `A remote never imports another remote (${r}): use the shared store, the shared API client or typed props.`,
      },
    ]),
    {
      group: ['**/shared/src/**', '../shared', '../../shared'],
      message: 'Import shared by its package name @landing/shared (a relative import splits the singleton).',
    },
  ];
}

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '.tools/**', '.data/**', 'playwright-report/**', 'test-results/**', '**/@mf-types/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  ...remotes.map((r) => ({
    files: [`${r}/**/*.{ts,tsx,js,mjs}`],
    rules: { 'no-restricted-imports': ['error', { patterns: forbiddenFor(r) }] },
  })),
  // React Fast Refresh (`npm run dev`) keeps a component's state across an edit only when its file
  // exports components alone (types are fine); an expose's `contractMajor` is read by the shell.
  {
    files: remotes.map((r) => `${r}/src/**/*.tsx`),
    // The standalone page's entry renders and exports nothing: an edit there reloads the page.
    ignores: ['*/src/bootstrap.tsx'],
    plugins: { 'react-refresh': reactRefresh.plugin },
    // strokeIcon (mf-auth/src/components/icons.tsx) returns a component, like memo.
    rules: { 'react-refresh/only-export-components': ['error', { allowExportNames: ['contractMajor'], extraHOCs: ['strokeIcon'] }] },
  },
  // File names: React component files are PascalCase `.tsx` (shared/src/ui/Modal.tsx), every other
  // file is kebab-case (shared/src/runtime-config.ts); a dotted role suffix is allowed
  // (outbox.plugin.ts, Modal.server.test.tsx).
  {
    files: ['**/*.{ts,tsx,mts,cts,js,jsx,mjs,cjs}'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': [
        'error',
        {
          '**/*.{ts,mts,cts,js,jsx,mjs,cjs}': 'KEBAB_CASE',
          '**/*.tsx': '@(*([A-Z]*([a-z0-9]))|+([a-z0-9])*(-+([a-z0-9])))',
        },
        { ignoreMiddleExtensions: true },
      ],
    },
  },
  // API and domain package: no import cycles, and the cross-cutting layers (api/src/lib,
  // api/src/plugins, api/src/db) never import a domain (api/src/domains); the domain package
  // never imports the API. Sources import `.js` names of `.ts` files (NodeNext).
  {
    files: ['api/**/*.ts', 'domain/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.js', '.mjs', '.json'], extensionAlias: { '.js': ['.ts', '.js'] } }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...['lib', 'plugins', 'db'].map((layer) => ({
              target: `./api/src/${layer}`,
              from: './api/src/domains',
              message: `api/src/${layer} is shared by every domain: it never imports one (a domain registers a plugin or gets a callback instead).`,
            })),
            { target: './domain', from: './api', message: 'The domain package never imports the API.' },
          ],
        },
      ],
    },
  },
  // The shell, the shared package and the remotes: no import cycles either (static imports; type-only imports
  // are not followed). shared/src/api/client.ts loads shared/src/api/axios-client.ts with a dynamic import (a
  // chunk of its own, on the first request), and axios-client.ts imports client.ts's helpers: that
  // cycle runs only through the lazy import, which the rule allows in shared/.
  ...[
    { files: ['shell/**/*.{ts,tsx}'], options: {} },
    { files: ['shared/**/*.{ts,tsx}'], options: { allowUnsafeDynamicCyclicDependency: true } },
    { files: ['mf-*/**/*.{ts,tsx}'], options: {} },
  ].map(({ files, options }) => ({
    files,
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true, ...options }] },
  })),
  {
    files: ['shell/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...remotes.map((r) => ({ group: [`**/${r}/**`, `@landing/${r}`], message: 'The shell loads remotes at run time only.' })),
            { group: ['**/shared/src/**', '../shared'], message: 'Import shared by its package name @landing/shared.' },
          ],
        },
      ],
    },
  },
);
