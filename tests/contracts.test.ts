/**
 * @jest-environment node
 *
 * Contracts of the remotes' exposed modules: every remote's
 * `src/exposes/*.tsx` compiles against `RemoteContracts` / `CONTRACT_MAJOR` of
 * shared/src/contracts.ts (scripts/check-contracts.mjs), and the check really fails on a broken
 * expose — retyped prop, a prop the contract does not give, stale contract major, an expose
 * missing from the contract — compiled from a copy of mf-leaderboard in a temp folder.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

jest.setTimeout(120_000);

const root = join(__dirname, '..');
const cli = join(root, 'scripts', 'check-contracts.mjs');
const reference = join(root, 'mf-leaderboard');

function check(args: string[]) {
  const r = spawnSync(process.execPath, [cli, ...args], { cwd: root, encoding: 'utf8' });
  return { code: r.status, out: `${r.stdout}${r.stderr}` };
}

/** A copy of the reference remote in a temp folder, with `edit` applied to its files. */
function brokenCopy(parent: string, label: string, edit: (dir: string) => void): string {
  const dir = join(parent, label);
  cpSync(join(reference, 'src'), join(dir, 'src'), { recursive: true });
  cpSync(join(reference, 'package.json'), join(dir, 'package.json'));
  cpSync(join(reference, 'rspack.config.mjs'), join(dir, 'rspack.config.mjs'));
  symlinkSync(join(reference, 'node_modules'), join(dir, 'node_modules'), 'dir');
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({ extends: join(root, 'tsconfig.base.json'), compilerOptions: { noEmit: true }, include: ['src'] }),
  );
  edit(dir);
  return dir;
}

const EXPOSE_HEAD = "import type { CONTRACT_MAJOR, ServerCode } from '@landing/shared';\n";

test('every remote that exists satisfies its contract', () => {
  const r = check([]);
  expect(r.out).toContain('✓ mf_leaderboard/Leaderboard');
  expect(r.code).toBe(0);
});

describe('a breaking change fails the check', () => {
  let tmp: string;
  let result: { code: number | null; out: string };

  beforeAll(() => {
    tmp = mkdtempSync(join(tmpdir(), 'contract-broken-'));
    const retyped = brokenCopy(tmp, 'retyped', (dir) =>
      writeFileSync(
        join(dir, 'src/exposes/Leaderboard.tsx'),
        `${EXPOSE_HEAD}export const contractMajor: (typeof CONTRACT_MAJOR)['mf_leaderboard'] = 1;\n` +
          'export default function Leaderboard({ server, limit }: { server: ServerCode; limit: string }) {\n  return <p>{server}{limit}</p>;\n}\n',
      ),
    );
    const extraRequired = brokenCopy(tmp, 'extra-required', (dir) =>
      writeFileSync(
        join(dir, 'src/exposes/Leaderboard.tsx'),
        `${EXPOSE_HEAD}export const contractMajor: (typeof CONTRACT_MAJOR)['mf_leaderboard'] = 1;\n` +
          'export default function Leaderboard({ server, season }: { server: ServerCode; season: number }) {\n  return <p>{server}{season}</p>;\n}\n',
      ),
    );
    const staleMajor = brokenCopy(tmp, 'stale-major', (dir) => {
      const file = join(dir, 'src/exposes/Leaderboard.tsx');
      const src = readFileSync(file, 'utf8').replace(/export const contractMajor[^\n]*\n/, 'export const contractMajor = 2 as const;\n');
      writeFileSync(file, src);
    });
    // The registry entry of the copy exposes one module more than the contracts list.
    const notInContract = brokenCopy(tmp, 'not-in-contract', (dir) => {
      cpSync(join(dir, 'src/exposes/Leaderboard.tsx'), join(dir, 'src/exposes/Podium.tsx'));
      const file = join(dir, 'rspack.config.mjs');
      const config = readFileSync(file, 'utf8')
        .replace(
          "import { createAppConfig } from '@landing/shared/build/rspack.mjs';",
          `$&\nimport { findRemote } from ${JSON.stringify(join(root, 'shared', 'apps.mjs'))};`,
        )
        .replace(
          'createAppConfig({ dir: dirname(fileURLToPath(import.meta.url)) })',
          "createAppConfig({ dir: dirname(fileURLToPath(import.meta.url)), app: { ...findRemote('mf_leaderboard'), exposes: ['Podium', 'Leaderboard'] } })",
        );
      expect(config).toContain("exposes: ['Podium'");
      writeFileSync(file, config);
    });
    result = check([
      ...['--dir', retyped, '--name', 'mf_leaderboard'],
      ...['--dir', extraRequired, '--name', 'mf_leaderboard'],
      ...['--dir', staleMajor, '--name', 'mf_leaderboard'],
      ...['--dir', notInContract, '--name', 'mf_leaderboard'],
    ]);
  });
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  test('the check exits with an error', () => {
    expect(result.code).toBe(1);
    expect(result.out).toContain('✖ contract check failed');
  });
  test('a retyped prop (limit: number → string)', () => {
    expect(result.out).toMatch(/Types of property 'limit' are incompatible/);
  });
  test('a prop the contract does not give (season)', () => {
    expect(result.out).toMatch(/Property 'season' is missing in type 'LeaderboardProps'/);
  });
  test('a contract major that is not CONTRACT_MAJOR', () => {
    expect(result.out).toMatch(/Type '2' is not assignable to type '1'/);
  });
  test('an exposed module that is not in the contract', () => {
    expect(result.out).toContain('exposes ./Podium but mf_leaderboard/Podium is not in RemoteContracts');
  });
});
