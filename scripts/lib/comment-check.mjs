/**
 * Comment check (run by scripts/check-comments.mjs): a comment states a fact about the code or cites
 * a file that is in the repo (docs/spec.md §n, a doc in docs/). This module finds, in the comments of
 * source files, (a) references to documents that are not in the repo (numbered issues, a "brief",
 * paths on the build machine under /work) and (b) file paths that resolve to no file of the repo.
 *
 * Comments are read with the TypeScript scanner (strings, template literals and regular expressions
 * are never taken for comments); CSS comments are read by their `/* ... *\/` delimiters.
 */
import { readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import ts from 'typescript';

/** Extensions of the files whose comments are checked. */
const CHECKED_EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs', '.css'];

/** Extensions that make a word in a comment a file path to resolve. */
const PATH_EXTENSIONS = 'tsx?|mts|cts|jsx?|mjs|cjs|json|md|css|html|ya?ml|sql|sh|conf|svg|webmanifest';

/** References to documents that are not in the repo: [pattern, what it is]. */
const FOREIGN_REFERENCES = [
  [/\bissues?\s*#?\s*\d+/i, 'a numbered issue (not in the repo)'],
  [/\b(?:design\s+)?brief\s*§/i, 'a design brief (not in the repo)'],
  [/\bdesign\s+brief\b/i, 'a design brief (not in the repo)'],
  [/(?:^|[\s`'"(])\/work(?:\/|\s+notes)/i, 'a path of the build machine (/work)'],
];

/** A word that looks like a file path: optional ./ or ../ segments, folders, a name with an extension. */
const PATH_WORD = new RegExp(
  String.raw`(?<![\w@/.$<>{}*-])((?:\.{1,2}/)*(?:[\w.\-\[\]]+/)*[\w\-\[\]]+(?:\.[\w\-]+)*\.(?:${PATH_EXTENSIONS}))(?![\w(/-])`,
  'g',
);

/**
 * Names that look like files but are not repo files: products ("Node.js"), files other tools write
 * (build output, browser files) and names that only exist at run time.
 */
const NOT_REPO_FILES = new Set([
  'node.js',
  'next.js',
  'vue.js',
  'express.js',
  'remoteentry.js',
  'mf-manifest.json',
  'mf-stats.json',
  'index.html',
  'sw.js',
  'service-worker.js',
  'manifest.webmanifest',
  'package-lock.json',
  'tsconfig.tsbuildinfo',
  'stats.json',
  'ssr-assets.json',
  'bench.json',
  'howler.js',
]);

/**
 * Lists the comments of one source file.
 * @param {string} text the file's text
 * @param {string} file its path (the extension picks the reader)
 * @returns {{ line: number, text: string }[]} each comment with the 1-based line it starts on
 */
export function commentsOf(text, file) {
  const comments = [];
  const lineOf = (pos) => text.slice(0, pos).split('\n').length;
  if (file.endsWith('.css')) {
    for (const match of text.matchAll(/\/\*[\s\S]*?\*\//g)) comments.push({ line: lineOf(match.index), text: match[0] });
    return comments;
  }
  const variant = /\.(tsx|jsx)$/.test(file) ? ts.LanguageVariant.JSX : ts.LanguageVariant.Standard;
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, false, variant, text);
  // Template literals and regular expressions need the scanner re-run in their context: a `}` that
  // closes a template substitution and a `/` that starts a regular expression.
  let braceDepth = 0;
  const templateDepths = [];
  let previous = ts.SyntaxKind.Unknown;
  for (let kind = scanner.scan(); kind !== ts.SyntaxKind.EndOfFileToken; kind = scanner.scan()) {
    if (kind === ts.SyntaxKind.SingleLineCommentTrivia || kind === ts.SyntaxKind.MultiLineCommentTrivia) {
      comments.push({ line: lineOf(scanner.getTokenStart()), text: scanner.getTokenText() });
      continue;
    }
    if (kind === ts.SyntaxKind.WhitespaceTrivia || kind === ts.SyntaxKind.NewLineTrivia) continue;
    if (kind === ts.SyntaxKind.TemplateHead) templateDepths.push(braceDepth);
    else if (kind === ts.SyntaxKind.OpenBraceToken) braceDepth += 1;
    else if (kind === ts.SyntaxKind.CloseBraceToken) {
      if (templateDepths.length && templateDepths.at(-1) === braceDepth) {
        kind = scanner.reScanTemplateToken(false);
        if (kind === ts.SyntaxKind.TemplateTail) templateDepths.pop();
      } else braceDepth -= 1;
    } else if ((kind === ts.SyntaxKind.SlashToken || kind === ts.SyntaxKind.SlashEqualsToken) && startsExpression(previous)) {
      kind = scanner.reScanSlashToken();
    }
    previous = kind;
  }
  return comments;
}

/** Whether a `/` after a token of this kind starts a regular expression (no value before it). */
function startsExpression(kind) {
  const valueEnds = new Set([
    ts.SyntaxKind.Identifier,
    ts.SyntaxKind.NumericLiteral,
    ts.SyntaxKind.BigIntLiteral,
    ts.SyntaxKind.StringLiteral,
    ts.SyntaxKind.NoSubstitutionTemplateLiteral,
    ts.SyntaxKind.TemplateTail,
    ts.SyntaxKind.RegularExpressionLiteral,
    ts.SyntaxKind.CloseParenToken,
    ts.SyntaxKind.CloseBracketToken,
    ts.SyntaxKind.CloseBraceToken,
    ts.SyntaxKind.ThisKeyword,
    ts.SyntaxKind.SuperKeyword,
    ts.SyntaxKind.TrueKeyword,
    ts.SyntaxKind.FalseKeyword,
    ts.SyntaxKind.NullKeyword,
    ts.SyntaxKind.PlusPlusToken,
    ts.SyntaxKind.MinusMinusToken,
  ]);
  return !valueEnds.has(kind);
}

/**
 * Checks the comments of the given files.
 * @param {object} options
 * @param {string} options.root absolute path of the repo (or fixture) root
 * @param {string[]} options.files paths (relative to root, `/`-separated) whose comments are checked
 * @param {string[]} options.allFiles every file of the repo (relative to root), to resolve paths against
 * @returns {{ file: string, line: number, problem: string }[]} the findings, in file and line order
 */
export function checkComments({ root, files, allFiles }) {
  const known = new Set(allFiles);
  const basenames = new Set(allFiles.map((f) => posix.basename(f).toLowerCase()));
  const packageRoots = allFiles.filter((f) => posix.basename(f) === 'package.json').map((f) => posix.dirname(f));
  const findings = [];
  for (const file of files) {
    if (!CHECKED_EXTENSIONS.some((ext) => file.endsWith(ext))) continue;
    const text = readFileSync(join(root, file), 'utf8');
    const pkg = packageRootOf(file, packageRoots);
    for (const comment of commentsOf(text, file)) {
      const lines = comment.text.split('\n');
      lines.forEach((lineText, i) => {
        const line = comment.line + i;
        for (const [pattern, what] of FOREIGN_REFERENCES) {
          const match = lineText.match(pattern);
          if (match) {
            findings.push({ file, line, problem: `cites ${what}: "${match[0].trim()}"` });
            break;
          }
        }
        for (const path of pathsIn(lineText)) {
          if (!resolves(path, file, pkg, known, basenames, allFiles)) {
            findings.push({ file, line, problem: `names a file that does not exist: ${path}` });
          }
        }
      });
    }
  }
  return findings;
}

/** The file paths named in one line of a comment (URLs, globs, placeholders and packages left out). */
export function pathsIn(lineText) {
  const cleaned = lineText
    .replace(/\b[a-z][\w+.-]*:\/\/\S+/gi, ' ') // URLs
    .replace(/\S*[*<>{}$]\S*/g, ' '); // globs, placeholders, template expressions
  const paths = [];
  for (const match of cleaned.matchAll(PATH_WORD)) {
    const path = match[1];
    if (NOT_REPO_FILES.has(posix.basename(path).toLowerCase())) continue;
    // Build output (dist/, content-hashed chunk names) is not in the repo.
    if (/(^|\/)dist\//.test(path) || /\.[0-9a-f]{8,}\.\w+$/.test(path)) continue;
    paths.push(path);
  }
  return paths;
}

/** Folder of the package (nearest package.json) that holds a file; '' for the repo root. */
function packageRootOf(file, packageRoots) {
  let best = '';
  for (const dir of packageRoots) {
    if (dir !== '.' && file.startsWith(`${dir}/`) && dir.length > best.length) best = dir;
  }
  return best;
}

/**
 * Whether a path named in a comment names a file of the repo: relative to the commenting file's
 * folder or any folder above it (its package root, the repo root), as the end of a path inside the
 * same package (`auth/service.ts` in api/; `src/...` of any package: an app's `src/bootstrap.tsx`), or,
 * for a bare name (`outbox.ts`), as any file's name.
 */
function resolves(path, file, pkg, known, basenames, allFiles) {
  const candidates = [];
  for (let dir = posix.dirname(file); ; dir = posix.dirname(dir)) {
    candidates.push(posix.normalize(posix.join(dir, path)));
    if (dir === '.' || dir === '') break;
  }
  if (candidates.some((c) => known.has(c) || known.has(c.replace(/\.js$/, '.ts')) || known.has(c.replace(/\.js$/, '.tsx')))) {
    return true;
  }
  if (path.startsWith('.')) return false;
  if (!path.includes('/')) return basenames.has(path.toLowerCase()) || basenames.has(path.toLowerCase().replace(/\.js$/, '.ts'));
  const tails = [`/${path}`, `/${path.replace(/\.js$/, '.ts')}`];
  const inPackage = (f) => !pkg || f.startsWith(`${pkg}/`);
  return allFiles.some((f) => tails.some((t) => f.endsWith(t)) && (inPackage(f) || path.startsWith('src/')));
}

/** Formats findings one a line: `file:line: problem`. */
export function formatFindings(findings) {
  return findings.map((f) => `${f.file}:${f.line}: ${f.problem}`).join('\n');
}
