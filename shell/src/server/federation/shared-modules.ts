/**
 * The modules the page server provides to the remotes' server builds as shared singletons: the
 * React the page server renders with is the React every remote's server build uses (their
 * builds say `import: false`).
 */
import { createRequire } from 'node:module';
import * as React from 'react';
import * as ReactJsxRuntime from 'react/jsx-runtime';
import * as ReactDom from 'react-dom';
import * as ReactRouter from 'react-router';
import * as Zustand from 'zustand';
import * as I18next from 'i18next';
import * as ReactI18next from 'react-i18next';
import * as Axios from 'axios';
import * as ReactToastify from 'react-toastify';
import * as ReactQuery from '@tanstack/react-query';
import * as ReactHookForm from 'react-hook-form';
import * as LandingShared from '@landing/shared';
import sharedPackage from '@landing/shared/package.json';
import type { ServerKey } from '../../singleton-keys';

const requireHere = createRequire(__filename);
const versionOf = (pkg: string): string => (requireHere(`${pkg}/package.json`) as { version: string }).version;

/**
 * The modules the page server provides as shared singletons, by shared key, with their installed
 * versions: the table's `server: true` keys (shared/build/singletons.mjs), which the remotes'
 * server builds take as `import: false`, so a key missing here would leave a remote without the
 * module (the type makes it a typecheck error). shell/test/shared-singletons.test.ts checks the
 * versions against the shared-singleton policy.
 */
export const SERVER_SHARED_MODULES: Readonly<Record<ServerKey, { lib: unknown; version: string }>> = {
  react: { lib: React, version: versionOf('react') },
  'react/jsx-runtime': { lib: ReactJsxRuntime, version: versionOf('react') },
  'react-dom': { lib: ReactDom, version: versionOf('react-dom') },
  'react-router': { lib: ReactRouter, version: versionOf('react-router') },
  zustand: { lib: Zustand, version: versionOf('zustand') },
  i18next: { lib: I18next, version: versionOf('i18next') },
  'react-i18next': { lib: ReactI18next, version: versionOf('react-i18next') },
  axios: { lib: Axios, version: versionOf('axios') },
  'react-toastify': { lib: ReactToastify, version: versionOf('react-toastify') },
  '@tanstack/react-query': { lib: ReactQuery, version: versionOf('@tanstack/react-query') },
  'react-hook-form': { lib: ReactHookForm, version: versionOf('react-hook-form') },
  '@landing/shared': { lib: LandingShared, version: sharedPackage.version },
};

/** The `shared` option of a federation instance: each of {@link SERVER_SHARED_MODULES} as a singleton of the caret range of its version. */
export function serverShared() {
  return Object.fromEntries(
    Object.entries(SERVER_SHARED_MODULES).map(([key, { lib, version }]) => [
      key,
      { version, lib: () => lib, shareConfig: { singleton: true, requiredVersion: `^${version}` } },
    ]),
  );
}
