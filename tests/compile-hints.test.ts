/**
 * @jest-environment node
 *
 * V8 compile hints (shared/build/compile-hints.mjs): a production build of a small app puts
 * `//# allFunctionsCalledOnLoad` first in the JS files of the named chunk group only, after
 * minification (which would drop it), and the source maps describe the files as written.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

jest.setTimeout(120_000);

const root = join(__dirname, '..');
const HINT = '//# allFunctionsCalledOnLoad';

/** Builds `files` (name → source, entry `index.js`) with the plugin for group `bootstrap`; returns the output folder. */
function build(dir: string, files: Record<string, string>): string {
  mkdirSync(join(dir, 'src'));
  for (const [name, source] of Object.entries(files)) writeFileSync(join(dir, 'src', name), source);
  const out = join(dir, 'dist');
  const script = `
    import { rspack } from '@rspack/core';
    import { CompileHintsPlugin } from ${JSON.stringify(join(root, 'shared', 'build', 'compile-hints.mjs'))};
    const compiler = rspack({
      mode: 'production',
      context: ${JSON.stringify(dir)},
      entry: { main: './src/index.js' },
      devtool: 'source-map',
      output: { path: ${JSON.stringify(out)}, filename: '[name].js', chunkFilename: '[name].js' },
      plugins: [new CompileHintsPlugin({ group: 'bootstrap' })],
    });
    compiler.run((err, stats) => {
      if (err || stats.hasErrors()) { console.error(err ?? stats.toString()); process.exit(1); }
      compiler.close(() => {});
    });`;
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: join(root, 'shared'), encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`build failed: ${r.stderr}`);
  return out;
}

describe('CompileHintsPlugin', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'compile-hints-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('puts the hint first in the named group’s JS only, after minification, and keeps the source maps exact', () => {
    const out = build(dir, {
      'index.js': `import(/* webpackChunkName: "bootstrap" */ './bootstrap');\nwindow.later = () => import(/* webpackChunkName: "later" */ './later');\n`,
      'bootstrap.js': `// a plain comment the minifier drops\nexport function start(n) {\n  return console.log('bootstrap-marker', n * 2);\n}\nstart(21);\n`,
      'later.js': `export const later = () => console.log('later-marker');\n`,
    });
    const js = readdirSync(out).filter((f) => f.endsWith('.js'));
    const text = (f: string) => readFileSync(join(out, f), 'utf8');
    expect(js).toEqual(expect.arrayContaining(['main.js', 'bootstrap.js', 'later.js']));

    expect(text('bootstrap.js').startsWith(`${HINT}\n`)).toBe(true);
    expect(text('bootstrap.js')).not.toContain('a plain comment'); // minified
    expect(text('main.js')).not.toContain(HINT);
    expect(text('later.js')).not.toContain(HINT);

    // The hint's line has no mappings; the code after it still maps to the fixture's bootstrap module.
    const map = JSON.parse(text('bootstrap.js.map')) as { mappings: string; sources: string[] };
    expect(map.mappings.startsWith(';')).toBe(true);
    expect(map.sources.some((s) => s.endsWith('src/bootstrap.js'))).toBe(true);
  });
});
