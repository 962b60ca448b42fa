#!/usr/bin/env node
/**
 * Fails when a comment of a tracked source file cites a document that is not in the repo (a
 * numbered issue, a design document kept elsewhere, a path on the build machine) or names a file that does not exist
 * (scripts/lib/comment-check.mjs says how paths resolve). Prints `file:line: problem` per finding.
 *
 *   node scripts/check-comments.mjs            every tracked source file
 *   node scripts/check-comments.mjs shared api  only files under these folders
 *
 * Exit code 0 when clean, 1 with findings.
 */
import { execFileSync } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkComments, formatFindings } from './lib/comment-check.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** Fixtures of the check's own test: their comments are wrong on purpose. */
const SKIPPED = ['tests/fixtures/comments/'];

const allFiles = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' }).split('\0').filter(Boolean);
const only = process.argv.slice(2).map((arg) => arg.replace(/\/$/, ''));
const files = allFiles.filter(
  (f) => !SKIPPED.some((s) => f.startsWith(s)) && (only.length === 0 || only.some((o) => f === o || f.startsWith(`${o}/`))),
);
const findings = checkComments({ root, files, allFiles });
if (findings.length > 0) {
  console.error(formatFindings(findings));
  console.error(`\n${findings.length} comment problem(s): cite docs/spec.md §n or a file that exists.`);
  process.exit(1);
}
console.log(`Comments: ${files.length} files checked, no stale path or foreign reference.`);
