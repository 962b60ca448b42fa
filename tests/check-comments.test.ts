/**
 * @jest-environment node
 *
 * The comment check (scripts/check-comments.mjs, scripts/lib/comment-check.mjs) over a small fixture
 * repo (tests/fixtures/comments): a comment citing files that exist passes, a stale path fails with
 * its file and line, and a reference to a numbered issue, an outside design document or a build-machine path fails.
 */
import { readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { checkComments, commentsOf, pathsIn } from '../scripts/lib/comment-check.mjs';

const root = join(__dirname, 'fixtures', 'comments');
const allFiles = (readdirSync(root, { recursive: true }) as string[])
  .map((f) => relative(root, join(root, f)).split(sep).join('/'))
  .filter((f) => f.includes('.'));

function check(file: string) {
  return checkComments({ root, files: [file], allFiles });
}

describe('comment check', () => {
  it('passes a comment citing docs/spec.md and files that exist, ignoring URLs, packages, routes and globs', () => {
    expect(check('pkg/src/good.ts')).toEqual([]);
  });

  it('reads comments only: strings, regular expressions and template literals are not comments', () => {
    const texts = commentsOf("const s = '// no'; const r = /\\/* no */; const t = `${s} // no`; // yes", 'x.ts');
    expect(texts.map((c) => c.text)).toEqual(['// yes']);
  });

  it('fails a path that resolves to no file, naming the file and line', () => {
    expect(check('pkg/src/stale.ts')).toEqual([
      { file: 'pkg/src/stale.ts', line: 2, problem: 'names a file that does not exist: src/lib/outbox.ts' },
    ]);
  });

  it('fails a numbered issue and a design brief', () => {
    const problems = check('pkg/src/issue.ts').map((f) => `${f.line}: ${f.problem}`);
    expect(problems).toEqual([
      '2: cites a numbered issue (not in the repo): "issue 12"',
      '3: cites a design brief (not in the repo): "design brief §"',
    ]);
  });

  it('fails a /work path in a CSS comment', () => {
    expect(check('pkg/src/notes.css')).toEqual([
      { file: 'pkg/src/notes.css', line: 1, problem: 'cites a path of the build machine (/work): "/work/"' },
    ]);
  });

  it('leaves build output, products and placeholders alone', () => {
    expect(pathsIn('shell/dist/server/index.cjs, Node.js, remoteEntry.js, `<name>.server.ts`, chunks/110.06128c12b6.js')).toEqual([]);
    expect(pathsIn('see docs/spec.md and ./outbox.ts')).toEqual(['docs/spec.md', './outbox.ts']);
  });
});
