/**
 * @jest-environment node
 *
 * The federation boundary: the lint rule that forbids a remote importing another
 * remote, or `shared` by a relative path, really fires.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const root = join(__dirname, '..');
const eslintBin = join(root, 'node_modules', 'eslint', 'bin', 'eslint.js');

/** Lints `code` as if it were `file` (ESLint's own CLI, so the real flat config applies). */
async function messagesFor(file: string, code: string): Promise<string[]> {
  const r = spawnSync(process.execPath, [eslintBin, '--format', 'json', '--stdin', '--stdin-filename', file], {
    cwd: root,
    input: code,
    encoding: 'utf8',
  });
  const [result] = JSON.parse(r.stdout) as Array<{ messages: Array<{ ruleId: string; message: string }> }>;
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

test('a remote importing another remote fails lint', async () => {
  const msgs = await messagesFor(
    'mf-news/src/x.ts',
    "import { AuthModal } from '../../mf-auth/src/AuthModal';\nexport const y = AuthModal;\n",
  );
  expect(msgs.join()).toMatch(/never imports another remote/);
});

test('importing shared by a relative path fails lint', async () => {
  const msgs = await messagesFor(
    'mf-bets/src/x.ts',
    "import { landingStore } from '../../shared/src/store';\nexport const y = landingStore;\n",
  );
  expect(msgs.join()).toMatch(/package name @landing\/shared/);
});

test('importing shared by its package name is fine', async () => {
  expect(
    await messagesFor('mf-bets/src/x.ts', "import { landingStore } from '@landing/shared';\nexport const y = landingStore;\n"),
  ).toEqual([]);
});
