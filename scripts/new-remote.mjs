#!/usr/bin/env node
/**
 * Writes a new remote in the layout every remote has (docs/ADDING_A_REMOTE.md):
 *
 *   pnpm new:remote mf-shop [--expose ShopPage] [--title Shop] [--root <dir>]
 *
 * mf-shop/ gets package.json, rspack.config.mjs, tsconfig.json, README.md, src/exposes/<Expose>.tsx,
 * src/components/<Expose>.tsx, src/api/keys.ts (the query-key factory), src/styles/index.css,
 * src/locales/<locale>.json in the nine languages, src/bootstrap.tsx, index.ts, i18n.ts and a jest
 * test. `--root` writes it under another folder (the layout test does, into a temp folder).
 * Refuses a name that is not `mf-<lower-case words>` or a folder that exists (exit code 1).
 * Prints the steps left to do by hand (registry entry, contract, shell slot, environments).
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { LOCALE_CODES } from '../domain/src/locales.ts';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');

/** `mf-shop-cart` → `ShopCart`. */
const pascal = (words) => words.map((w) => w[0].toUpperCase() + w.slice(1)).join('');

/**
 * The files of remote `folder` (`mf-shop`), path → content.
 * @param {{ folder: string, expose: string, title: string }} spec
 * @returns {Record<string, string>}
 */
export function remoteFiles({ folder, expose, title }) {
  const words = folder.slice(3).split('-');
  const name = `mf_${words.join('_')}`;
  const ns = words.join('-');
  const keys = `${words[0]}${pascal(words.slice(1))}Keys`;
  const prefix = ns;
  const locale = JSON.stringify({ title }, null, 2) + '\n';
  const files = {
    'package.json':
      JSON.stringify(
        {
          name: `@landing/${folder}`,
          version: '1.0.0',
          private: true,
          type: 'module',
          engines: { node: '>=24' },
          scripts: {
            build: 'rspack build --config rspack.config.mjs',
            dev: 'rspack serve --config rspack.config.mjs',
            typecheck: 'tsc -p tsconfig.json --noEmit',
          },
          dependencies: Object.fromEntries([
            ['@landing/domain', 'workspace:*'],
            ['@landing/shared', 'workspace:*'],
            ...[
              '@tanstack/react-query',
              'axios',
              'i18next',
              'react',
              'react-dom',
              'react-i18next',
              'react-router',
              'react-toastify',
              'zustand',
            ].map((p) => [p, 'catalog:']),
          ]),
          devDependencies: Object.fromEntries(
            [
              '@module-federation/enhanced',
              '@rspack/cli',
              '@rspack/core',
              '@rspack/dev-server',
              '@types/react',
              '@types/react-dom',
              'typescript',
            ].map((p) => [p, 'catalog:']),
          ),
        },
        null,
        2,
      ) + '\n',
    'rspack.config.mjs': `import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAppConfig } from '@landing/shared/build/rspack.mjs';

/**
 * ${folder} remote. Name, port, exposes and contract major: its entry in the app registry
 * (shared/apps.mjs).
 */
export default createAppConfig({ dir: dirname(fileURLToPath(import.meta.url)) });
`,
    'tsconfig.json': `{
  "extends": "../tsconfig.base.json",
  "compilerOptions": { "types": ["jest", "node", "@testing-library/jest-dom"], "noEmit": true },
  "include": ["src", "test", "../shared/src/globals.d.ts"]
}
`,
    'README.md': `# ${folder}

Remote \`${name}\`, exposing \`${name}/${expose}\`. Layout and the steps that register it:
docs/ADDING_A_REMOTE.md.

\`\`\`
src/exposes/     ${expose}.tsx, typed against its contract in @landing/shared
src/api/         keys.ts (query keys), one file per request: the request, its queryOptions and,
                 for a write, its mutation hook with the cache work
src/components/  React components
src/styles/      index.css and its parts (class prefix ${prefix}-)
src/locales/     the \`${ns}\` namespace in the nine languages
\`\`\`
`,
    'src/index.ts': `// Async boundary so shared singletons are negotiated before any module uses them.
import('./bootstrap');
`,
    'src/bootstrap.tsx': `/**
 * Standalone page of the remote (its own dev mode, \`pnpm --filter ./${folder} dev\`): renders
 * the exposed component with the shared providers, without the shell.
 */
import { createRoot } from 'react-dom/client';
import { ToastContainer } from 'react-toastify';
import { initI18n, DataProvider } from '@landing/shared';
import '@landing/shared/theme.css';
import 'react-toastify/dist/ReactToastify.css';
import ${expose} from './exposes/${expose}';

initI18n();
createRoot(document.getElementById('root')!).render(
  <DataProvider>
    <main className="ui-container" style={{ padding: '32px 20px' }}>
      <${expose} server="royal" />
      <ToastContainer position="bottom-right" />
    </main>
  </DataProvider>,
);
`,
    'src/i18n.ts': `/** Translations of the \`${ns}\` namespace for the nine locales. */
import { localeLoaders, type LocaleLoaders } from '@landing/shared';

/** One loader per locale: each language is its own chunk, fetched when shown. */
export const loaders: LocaleLoaders = localeLoaders((code) => import(\`./locales/\${code}.json\`));
`,
    'src/api/keys.ts': `/**
 * Query keys of ${folder} (the remote's query-key factory, docs/ADDING_A_REMOTE.md): every key
 * starts with \`${ns}\`, then the kind of read and the game server.
 */
export const ${keys} = {
  /** Every read of the remote. */
  all: ['${ns}'] as const,
};
`,
    [`src/exposes/${expose}.tsx`]: `/**
 * Exposed module \`${name}/${expose}\` (contract: \`${expose}Props\` in @landing/shared).
 * \`contractMajor\` is a build-time literal checked against the shared contract table.
 */
import type { ComponentType } from 'react';
import type { CONTRACT_MAJOR, ${expose}Props } from '@landing/shared';
import { ${expose} } from '../components/${expose}';

export const contractMajor: (typeof CONTRACT_MAJOR)['${name}'] = 1;
const Exposed: ComponentType<${expose}Props> = ${expose};
export default Exposed;
`,
    [`src/components/${expose}.tsx`]: `import { useTranslation } from 'react-i18next';
import { registerTranslationLoaders, usePageMeta, type ServerCode } from '@landing/shared';
import { loaders } from '../i18n';
import '../styles/index.css';

registerTranslationLoaders('${ns}', loaders);

/** The ${title} page of server \`server\`: its title, in the interface language. */
export function ${expose}({ server }: { server: ServerCode }) {
  const { t } = useTranslation('${ns}');
  usePageMeta({ title: t('title') });
  return (
    <section className="ui-container ${prefix}-page" data-server={server}>
      <h1 className="${prefix}-page__title">{t('title')}</h1>
    </section>
  );
}
`,
    'src/styles/index.css': `/* ${folder}: one file per part, imported here in order. Design tokens come from
   @landing/shared/theme.css. Class prefix: ${prefix}-. */
.${prefix}-page {
  padding-top: 28px;
}
.${prefix}-page__title {
  margin: 0;
}
`,
    [`test/${expose}.test.tsx`]: `import { render, screen } from '@testing-library/react';
import { initI18n } from '@landing/shared';
import { withQueryClient } from '@landing/shared/testing';
import { ${expose} } from '../src/components/${expose}';

initI18n('en');

test('the page shows its title in the interface language', async () => {
  render(<${expose} server="royal" />, { wrapper: withQueryClient() });
  expect(await screen.findByRole('heading', { name: ${JSON.stringify(title)} })).toBeInTheDocument();
});
`,
  };
  for (const code of LOCALE_CODES) files[`src/locales/${code}.json`] = locale;
  return files;
}

function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { expose: { type: 'string' }, title: { type: 'string' }, root: { type: 'string' } },
  });
  const folder = positionals[0] ?? '';
  if (positionals.length !== 1 || !/^mf-[a-z][a-z0-9]*(-[a-z][a-z0-9]*)*$/.test(folder)) {
    console.error('usage: pnpm new:remote mf-<name> [--expose <PascalName>] [--title <English title>] [--root <dir>]');
    process.exit(1);
  }
  const words = folder.slice(3).split('-');
  const expose = values.expose ?? `${pascal(words)}Page`;
  if (!/^[A-Z][A-Za-z0-9]*$/.test(expose)) {
    console.error(`--expose must be PascalCase (got ${expose})`);
    process.exit(1);
  }
  const title = values.title ?? pascal(words).replace(/([a-z])([A-Z])/g, '$1 $2');
  const dir = join(values.root ?? repoRoot, folder);
  if (existsSync(dir)) {
    console.error(`${dir} exists: choose another name`);
    process.exit(1);
  }
  for (const [path, content] of Object.entries(remoteFiles({ folder, expose, title }))) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  const name = `mf_${words.join('_')}`;
  console.log(`wrote ${relative(process.cwd(), dir) || dir}/ (docs/ADDING_A_REMOTE.md). Left to do:
  1. shared/apps.mjs REMOTES: { kind: 'remote', name: '${name}', folder: '${folder}', port: <free port>, contract: 1, exposes: ['${expose}'] }
  2. shared/src/contracts.ts: ${expose}Props and '${name}/${expose}' in RemoteContracts
  3. the locales' titles in src/locales/*.json, translated; then pnpm install
  4. the shell: <RemoteSlot id="${name}/${expose}" props={{ … }} />
  5. deploy/environments/*/remotes.json, environment.json and docker-compose.yml (tests/app-registry.test.ts)`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
