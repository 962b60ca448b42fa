#!/usr/bin/env node
/**
 * Contract check of the remotes' exposed modules.
 *
 * The shell renders remotes only through the props in shared/src/contracts.ts (`RemoteContracts`)
 * and refuses at run time a module whose `contractMajor` differs from `CONTRACT_MAJOR`. This
 * check makes a breaking change fail before anything is deployed: for each remote it
 *   1. reads the `exposes` of its rspack.config.mjs (what is really built),
 *   2. requires that every exposed module is in the contract and every contract id of the remote
 *      is exposed,
 *   3. type-checks (TypeScript, the remote's own tsconfig) a generated file that assigns each
 *      `src/exposes/*.tsx` module to `ExposedModule<RemoteContracts[id]>` with
 *      `contractMajor: CONTRACT_MAJOR[remote]`: a removed or retyped prop, a component that needs
 *      a prop the contract does not give, or a stale contract major is a compile error.
 *
 * Usage:
 *   node scripts/check-contracts.mjs                  every remote whose package exists
 *   node scripts/check-contracts.mjs mf-news          one remote (folder or MF name)
 *   node scripts/check-contracts.mjs --dir <folder> --name mf_leaderboard [--dir … --name …]
 *                                                     remotes checked out elsewhere (tests)
 * Exit code 0 when every contract holds, 1 with the TypeScript diagnostics otherwise.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { parseArgs } from 'node:util';
import { allRemotes, exposesOf, repoRoot, resolveRemote } from './lib/remotes.mjs';

const sharedIndex = join(repoRoot, 'shared', 'src', 'index.ts');
const sharedGlobals = join(repoRoot, 'shared', 'src', 'globals.d.ts');
const contractsFile = join(repoRoot, 'shared', 'src', 'contracts.ts');

/** Exposed module ids of the contract (`RemoteContracts` keys), read from contracts.ts by the TS parser. */
export function contractIds(file = contractsFile) {
  const src = ts.createSourceFile(file, ts.sys.readFile(file) ?? '', ts.ScriptTarget.Latest, true);
  const ids = [];
  src.forEachChild((node) => {
    if (ts.isInterfaceDeclaration(node) && node.name.text === 'RemoteContracts') {
      for (const m of node.members) if (m.name && ts.isStringLiteral(m.name)) ids.push(m.name.text);
    }
  });
  return ids;
}

const noExt = (p) => p.replace(/\.(tsx?|jsx?)$/, '');
const importPath = (p) => JSON.stringify(noExt(p).split('\\').join('/'));

/**
 * Checks the contracts of some remotes.
 * @param {Array<{ name: string, dir: string }>} remotes  MF name and folder (absolute) of each remote
 * @returns {Promise<{ ok: boolean, problems: string[], checked: string[] }>} `checked` lists the
 *   exposed ids that were type-checked; `problems` holds readable errors (file:line message)
 */
export async function checkContracts(remotes) {
  const ids = contractIds();
  const problems = [];
  const checked = [];
  const work = mkdtempSync(join(tmpdir(), 'contract-check-'));
  try {
    const groups = [];
    for (const [index, { name, dir }] of remotes.entries()) {
      const exposes = await exposesOf(dir);
      const lines = [
        `import type { CONTRACT_MAJOR, ExposedModule, RemoteContracts } from ${importPath(sharedIndex)};`,
        `type Contract<Id extends keyof RemoteContracts> = ExposedModule<RemoteContracts[Id]> & { contractMajor: (typeof CONTRACT_MAJOR)[${JSON.stringify(name)}] };`,
      ];
      const exposedIds = [];
      Object.entries(exposes).forEach(([key, file], i) => {
        const id = `${name}/${key.replace(/^\.\//, '')}`;
        exposedIds.push(id);
        if (!ids.includes(id)) {
          problems.push(`${name}: exposes ${key} but ${id} is not in RemoteContracts (shared/src/contracts.ts)`);
          return;
        }
        const abs = isAbsolute(file) ? file : resolve(dir, file);
        lines.push(`import * as m${i} from ${importPath(abs)};`);
        lines.push(`export const check${i}: Contract<${JSON.stringify(id)}> = m${i};`);
        checked.push(id);
      });
      for (const id of ids.filter((x) => x.startsWith(`${name}/`) && !exposedIds.includes(x))) {
        problems.push(`${name}: the contract has ${id} but rspack.config.mjs does not expose ./${id.split('/')[1]}`);
      }
      const checkFile = join(work, `${index}-${name}.contract-check.ts`);
      writeFileSync(checkFile, `${lines.join('\n')}\n`);
      groups.push({ name, dir, checkFile });
    }
    if (groups.length) {
      // One program for all remotes (they share tsconfig.base.json); each remote's own tsconfig
      // gives the options of the first one, ambient test types are left out.
      const parsed = ts.getParsedCommandLineOfConfigFile(
        join(groups[0].dir, 'tsconfig.json'),
        {},
        { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined },
      );
      if (!parsed) throw new Error(`${groups[0].dir}/tsconfig.json could not be read`);
      const options = { ...parsed.options, noEmit: true, types: [] };
      const program = ts.createProgram({ rootNames: [...groups.map((g) => g.checkFile), sharedGlobals], options });
      for (const d of ts.getPreEmitDiagnostics(program)) {
        const text = ts.flattenDiagnosticMessageText(d.messageText, '\n  ');
        if (d.file && d.start !== undefined) {
          const { line } = d.file.getLineAndCharacterOfPosition(d.start);
          const group = groups.find((g) => g.checkFile === d.file.fileName);
          const where = group ? `${group.name} contract check` : relative(repoRoot, d.file.fileName);
          problems.push(`${where}:${line + 1}: ${text}`);
        } else {
          problems.push(text);
        }
      }
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return { ok: problems.length === 0, problems, checked };
}

async function main(argv) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { dir: { type: 'string', multiple: true, default: [] }, name: { type: 'string', multiple: true, default: [] } },
  });
  let remotes;
  if (values.dir.length || values.name.length) {
    // `--dir a --name x --dir b --name y`: the n-th folder is checked as the n-th name.
    if (values.dir.length !== values.name.length) throw new Error('each --dir <folder> needs a --name <mf name>');
    remotes = values.dir.map((dir, i) => ({ name: values.name[i], dir: resolve(dir) }));
  } else if (positionals[0]) {
    remotes = [resolveRemote(positionals[0])];
  } else {
    const all = allRemotes();
    for (const r of all.filter((x) => !x.exists))
      console.log(`- ${r.name}: no package yet (${r.folder}/rspack.config.mjs missing), skipped`);
    remotes = all.filter((x) => x.exists);
  }
  const { ok, problems, checked } = await checkContracts(remotes);
  for (const id of checked) console.log(`${ok ? '✓' : '·'} ${id}`);
  if (!ok) {
    console.error(`\n✖ contract check failed:\n${problems.map((p) => `  ${p}`).join('\n')}`);
    process.exit(1);
  }
  console.log(`✓ contracts hold for ${remotes.map((r) => r.name).join(', ')}`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).catch((e) => {
    console.error(`✖ ${e.message}`);
    process.exit(1);
  });
}
