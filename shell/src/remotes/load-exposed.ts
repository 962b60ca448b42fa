/**
 * Loading one exposed module of a remote in the browser through the federation runtime, with the
 * checks every slot relies on: the remote is deployed in this environment, the module has a
 * default export, and it declares the contract major the shell needs (shared/src/contracts.ts).
 */
import {
  CONTRACT_MAJOR,
  loadQueryRuntime,
  remoteOf,
  translationsReady,
  type ExposedModule,
  type ExposedModuleId,
  type RemoteContracts,
} from '@landing/shared';
import type { ComponentType } from 'react';
import { withQueryCache } from '../data/with-query-cache';
import { registeredRemotes } from './registry';
import { loadRemote } from './runtime-host';

/** Thrown when a remote's exposed module declares a different contract major than the shell. */
class ContractMismatchError extends Error {
  constructor(id: string, expected: number, got: unknown) {
    super(`Remote module ${id} has contract major ${String(got)}, the shell needs ${expected}`);
    this.name = 'ContractMismatchError';
  }
}

/** Thrown when the environment's remotes.json does not list the remote. */
class RemoteNotDeployedError extends Error {
  constructor(id: string) {
    super(`Remote of ${id} is not deployed in this environment`);
    this.name = 'RemoteNotDeployedError';
  }
}

/**
 * Checks a loaded exposed module: a default export and the contract major the shell needs.
 * @throws ContractMismatchError | Error (no default export)
 */
export function checkExposed<Id extends ExposedModuleId>(
  id: Id,
  mod: ExposedModule<RemoteContracts[Id]> | null | undefined,
): ExposedModule<RemoteContracts[Id]> {
  if (!mod || (typeof mod.default !== 'function' && typeof mod.default !== 'object'))
    throw new Error(`Remote module ${id} has no default export`);
  const expected = CONTRACT_MAJOR[remoteOf(id)];
  if (mod.contractMajor !== expected) {
    console.error(`[remotes] ${new ContractMismatchError(id, expected, mod.contractMajor).message}: showing the fallback`);
    throw new ContractMismatchError(id, expected, mod.contractMajor);
  }
  return mod;
}

/**
 * Loads an exposed module in the browser and checks its contract major.
 * @throws RemoteNotDeployedError | ContractMismatchError | the runtime's load error
 */
export async function loadExposed<Id extends ExposedModuleId>(id: Id): Promise<ExposedModule<RemoteContracts[Id]>> {
  if (!registeredRemotes()[remoteOf(id)]) throw new RemoteNotDeployedError(id);
  // Remotes read and write through TanStack Query: its runtime loads with their code, and their
  // component renders inside the browser's query cache (shared/src/data/query-runtime.ts).
  const [loaded] = await Promise.all([loadRemote<ExposedModule<RemoteContracts[Id]>>(id), loadQueryRuntime()]);
  const mod = checkExposed(id, loaded);
  await translationsReady(); // the remote's texts in the current language, before it renders
  return { ...mod, default: withQueryCache(mod.default as ComponentType<object>) as ComponentType<RemoteContracts[Id]> };
}
