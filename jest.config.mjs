/**
 * Unit and component tests of the front-end packages (jest + @testing-library/react, @swc/jest:
 * ts-jest does not support the TypeScript we run). API tests run separately (node:test, real DB).
 */
import { APPS } from './shared/apps.mjs';

const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

/** @type {import('jest').Config} */
export default {
  testEnvironment: 'jsdom',
  // The apps' folders come from the app registry (shared/apps.mjs).
  roots: ['<rootDir>/tests', '<rootDir>/shared', ...APPS.map((app) => `<rootDir>/${app.folder}`)],
  testMatch: ['**/test/**/*.test.ts', '**/test/**/*.test.tsx', '<rootDir>/tests/**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  // scripts/**/*.mjs: pure helpers of the repo's Node scripts (e.g. scripts/lib/bench-web.mjs) tested
  // as modules; shared/apps.mjs: the app registry, imported by shared/src/contracts.ts;
  // shared/build/(shared-)singletons.mjs: the shared-singleton table and policy;
  // shell/src/server/**/*.mjs: the page server's header policy (shared with the dev servers).
  transform: {
    '^.+\\.(t|j)sx?$': swc,
    '^.+/scripts/.+\\.mjs$': swc,
    '^.+/shared/apps\\.mjs$': swc,
    '^.+/shared/build/(shared-)?singletons\\.mjs$': swc,
    '^.+/shell/src/server/.+\\.mjs$': swc,
  },
  // ESM-only packages (the HTML parser of sanitize-html) are compiled too.
  transformIgnorePatterns: [
    '/node_modules/(?!\\.pnpm|@landing|htmlparser2|domhandler|domutils|domelementtype|dom-serializer|entities|p-limit|yocto-queue)',
  ],
  moduleNameMapper: {
    '\\.css$': 'identity-obj-proxy',
    // The shell's handle on the federation runtime (shell/src/remotes/runtime-host.ts).
    '(^|/)remotes/runtime-host$|^\\./runtime-host$': '<rootDir>/shell/test/__mocks__/mf-runtime.ts',
    '^@module-federation/retry-plugin$': '<rootDir>/shell/test/__mocks__/retry-plugin.ts',
  },
  setupFilesAfterEnv: ['<rootDir>/jest.setup.ts'],
  // A worker per core: Jest's default leaves one core to its main process, which on two cores
  // means one worker for 77 suites.
  maxWorkers: '100%',
};
