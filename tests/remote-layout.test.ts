/**
 * @jest-environment node
 *
 * Every remote keeps the layout of docs/ADDING_A_REMOTE.md, and so does what the generator
 * (scripts/new-remote.mjs) writes: the folders of src/, a query-key factory in src/api/keys.ts,
 * query keys, cache work (invalidation, cache writes) and writes (`useMutation`) only in src/api/, every stylesheet in
 * src/styles/ with its index.css, the nine locale files. What the generator writes also passes
 * the typecheck and the repo's lint rules once the contract it asks for is in @landing/shared.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { REMOTES } from '../shared/apps.mjs';
import { LOCALE_CODES } from '../domain/src/locales';

const root = join(__dirname, '..');
/** What src/ of a remote may hold. */
const SRC_ENTRIES = new Set(['api', 'components', 'exposes', 'hooks', 'lib', 'locales', 'styles', 'bootstrap.tsx', 'index.ts', 'i18n.ts']);
const CACHE_WORK = /\.(invalidateQueries|setQueryData|setQueriesData|removeQueries|refetchQueries|resetQueries)\(/;
const KEY_LITERAL = /queryKey:\s*\[/;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** The ways the remote in `dir` leaves the layout, one sentence each (none: it keeps it). */
function layoutProblems(dir: string): string[] {
  const problems: string[] = [];
  const src = join(dir, 'src');
  for (const entry of readdirSync(src)) if (!SRC_ENTRIES.has(entry)) problems.push(`src/${entry} is not part of the layout`);
  const keys = join(src, 'api', 'keys.ts');
  if (!existsSync(keys) || !/export const \w+Keys = \{/.test(readFileSync(keys, 'utf8')))
    problems.push('src/api/keys.ts has no query-key factory');
  for (const file of filesUnder(src)) {
    const path = relative(dir, file);
    if (file.endsWith('.css')) {
      if (!path.startsWith(join('src', 'styles'))) problems.push(`${path}: stylesheets live in src/styles/`);
      continue;
    }
    if (!/\.tsx?$/.test(file)) continue;
    const text = readFileSync(file, 'utf8');
    const inApi = path.startsWith(join('src', 'api'));
    if (KEY_LITERAL.test(text) && path !== join('src', 'api', 'keys.ts'))
      problems.push(`${path}: a query key written by hand (use the factory of src/api/keys.ts)`);
    if (CACHE_WORK.test(text) && !inApi) problems.push(`${path}: cache work outside src/api/ (put it in the mutation hook)`);
    if (/\buseMutation\(/.test(text) && !inApi) problems.push(`${path}: a write outside src/api/ (give its request file a mutation hook)`);
  }
  if (!existsSync(join(src, 'styles', 'index.css'))) problems.push('src/styles/index.css is missing');
  const locales = existsSync(join(src, 'locales')) ? readdirSync(join(src, 'locales')).sort() : [];
  if (
    locales.join() !==
    LOCALE_CODES.map((c) => `${c}.json`)
      .sort()
      .join()
  )
    problems.push('src/locales/ does not hold the nine locales');
  const exposes = existsSync(join(src, 'exposes')) ? readdirSync(join(src, 'exposes')) : [];
  if (exposes.length === 0 || exposes.some((e) => !/^[A-Z]\w*\.tsx$/.test(e)))
    problems.push('src/exposes/ needs one PascalCase .tsx per exposed module');
  return problems;
}

test.each(REMOTES.map((r) => r.folder))('%s keeps the remote layout', (folder) => {
  expect(layoutProblems(join(root, folder))).toEqual([]);
});

describe('the generator', () => {
  let temp = '';
  beforeAll(() => {
    temp = mkdtempSync(join(tmpdir(), 'new-remote-'));
  });
  afterAll(() => rmSync(temp, { recursive: true, force: true }));

  const generate = (...args: string[]) =>
    spawnSync(process.execPath, [join(root, 'scripts', 'new-remote.mjs'), ...args, '--root', temp], { encoding: 'utf8' });

  test('writes a remote that keeps the layout, with its page in the nine languages', () => {
    const run = generate('mf-shop-cart');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain("exposes: ['ShopCartPage']");
    const dir = join(temp, 'mf-shop-cart');
    expect(layoutProblems(dir)).toEqual([]);
    expect(JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).name).toBe('@landing/mf-shop-cart');
    expect(readFileSync(join(dir, 'src', 'api', 'keys.ts'), 'utf8')).toContain(
      "export const shopCartKeys = {\n  /** Every read of the remote. */\n  all: ['shop-cart'] as const,",
    );
    expect(readFileSync(join(dir, 'src', 'exposes', 'ShopCartPage.tsx'), 'utf8')).toContain("(typeof CONTRACT_MAJOR)['mf_shop_cart'] = 1;");
    for (const code of LOCALE_CODES)
      expect(JSON.parse(readFileSync(join(dir, 'src', 'locales', `${code}.json`), 'utf8'))).toEqual({ title: 'Shop Cart' });
  });

  test('writes a remote that passes the typecheck and lint once its contract is in @landing/shared', async () => {
    expect(generate('mf-gift-shop').status).toBe(0);
    const dir = join(temp, 'mf-gift-shop');
    // The remote's tsconfig extends ../tsconfig.base.json and includes ../shared/src/globals.d.ts,
    // as in the repo. @landing/shared is the real package plus what steps 1 and 2 the generator
    // prints add to it: the registry's contract major and the props of the exposed module.
    symlinkSync(join(root, 'shared'), join(temp, 'shared'));
    symlinkSync(join(root, 'node_modules'), join(temp, 'node_modules'));
    symlinkSync(join(root, 'mf-news', 'node_modules'), join(dir, 'node_modules'));
    mkdirSync(join(temp, 'contract'));
    writeFileSync(
      join(temp, 'contract', 'index.ts'),
      [
        "export * from '../shared/src/index.ts';",
        "import type { CONTRACT_MAJOR as Registered, ServerCode } from '../shared/src/index.ts';",
        'export declare const CONTRACT_MAJOR: typeof Registered & { readonly mf_gift_shop: 1 };',
        'export interface GiftShopPageProps { server: ServerCode }',
        '',
      ].join('\n'),
    );
    writeFileSync(
      join(temp, 'tsconfig.base.json'),
      JSON.stringify({
        extends: join(root, 'tsconfig.base.json'),
        compilerOptions: { paths: { '@landing/shared': ['./contract/index.ts'] } },
      }),
    );
    const tsc = spawnSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', join(dir, 'tsconfig.json')], {
      encoding: 'utf8',
    });
    expect(tsc.stdout + tsc.stderr).toBe('');
    expect(tsc.status).toBe(0);

    // Linted with the repo's config as if it were in the repo (mf-gift-shop/…), so every rule of a
    // remote applies; in a Node process of its own (ESLint loads its config with import()).
    const files = filesUnder(join(dir, 'src'))
      .concat(filesUnder(join(dir, 'test')))
      .filter((f) => /\.(ts|tsx)$/.test(f));
    expect(files.length).toBeGreaterThan(5);
    const lint = spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import { ESLint } from 'eslint';
         import { readFileSync } from 'node:fs';
         const eslint = new ESLint({ cwd: process.cwd() });
         const messages = [];
         for (const [file, as] of JSON.parse(process.argv[1])) {
           const [result] = await eslint.lintText(readFileSync(file, 'utf8'), { filePath: as });
           for (const m of result.messages) messages.push(as.slice(process.cwd().length + 1) + ':' + m.line + ' ' + m.ruleId + ' ' + m.message);
         }
         console.log(JSON.stringify(messages));`,
        JSON.stringify(files.map((f) => [f, join(root, relative(temp, f))])),
      ],
      { cwd: root, encoding: 'utf8' },
    );
    expect(lint.stderr).toBe('');
    const messages = JSON.parse(lint.stdout) as string[];
    expect(messages).toEqual([]);
  }, 120_000);

  test('refuses a name outside mf-<words> and a folder that exists', () => {
    expect(generate('shop').status).toBe(1);
    expect(generate('mf-Shop').status).toBe(1);
    expect(generate('mf-twice').status).toBe(0);
    const again = generate('mf-twice');
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('exists');
  });

  test('the layout check finds a remote that leaves the layout', () => {
    expect(generate('mf-drift').status).toBe(0);
    const dir = join(temp, 'mf-drift');
    writeFileSync(join(dir, 'src', 'components', 'page.css'), '.x {}\n');
    writeFileSync(
      join(dir, 'src', 'components', 'Save.tsx'),
      "export const save = (c: { invalidateQueries: (f: object) => void }) => c.invalidateQueries({ queryKey: ['drift'] });\n" +
        'export const useSave = () => useMutation({ mutationFn: save });\n',
    );
    writeFileSync(join(dir, 'src', 'drift.css'), '.y {}\n');
    rmSync(join(dir, 'src', 'locales', 'tr.json'));
    expect(layoutProblems(dir)).toEqual([
      'src/drift.css is not part of the layout',
      'src/components/Save.tsx: a query key written by hand (use the factory of src/api/keys.ts)',
      'src/components/Save.tsx: cache work outside src/api/ (put it in the mutation hook)',
      'src/components/Save.tsx: a write outside src/api/ (give its request file a mutation hook)',
      'src/components/page.css: stylesheets live in src/styles/',
      'src/drift.css: stylesheets live in src/styles/',
      'src/locales/ does not hold the nine locales',
    ]);
  });
});
