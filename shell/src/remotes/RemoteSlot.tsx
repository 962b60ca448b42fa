/**
 * Renders one exposed module of a remote (design brief §2): lazy load through the federation
 * runtime, contract-major check, a React error boundary, and a translated, styled fallback when
 * the remote is down, broken or incompatible. Header, footer and the other remotes keep working.
 */
import { Component, Suspense, lazy, useMemo, useState, useSyncExternalStore, type ComponentType, type ErrorInfo, type LazyExoticComponent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { CONTRACT_MAJOR, EmptyState, Spinner, remoteOf, type ExposedModule, type ExposedModuleId, type RemoteContracts } from '@landing/shared';
import { registeredRemotes, remoteInfo, subscribeRemoteInfo } from './registry';

/** Thrown when a remote's exposed module declares a different contract major than the shell. */
export class ContractMismatchError extends Error {
  constructor(id: string, expected: number, got: unknown) {
    super(`Remote module ${id} has contract major ${String(got)}, the shell needs ${expected}`);
    this.name = 'ContractMismatchError';
  }
}

/** Thrown when the environment's remotes.json does not list the remote. */
export class RemoteNotDeployedError extends Error {
  constructor(id: string) {
    super(`Remote of ${id} is not deployed in this environment`);
    this.name = 'RemoteNotDeployedError';
  }
}

/**
 * Loads an exposed module and checks its contract major.
 * @throws RemoteNotDeployedError | ContractMismatchError | the runtime's load error
 */
export async function loadExposed<Id extends ExposedModuleId>(id: Id): Promise<ExposedModule<RemoteContracts[Id]>> {
  const remote = remoteOf(id);
  if (!registeredRemotes()[remote]) throw new RemoteNotDeployedError(id);
  const mod = await loadRemote<ExposedModule<RemoteContracts[Id]>>(id);
  if (!mod || typeof mod.default !== 'function' && typeof mod.default !== 'object') throw new Error(`Remote module ${id} has no default export`);
  const expected = CONTRACT_MAJOR[remote];
  if (mod.contractMajor !== expected) {
    console.error(`[remotes] ${new ContractMismatchError(id, expected, mod.contractMajor).message}: showing the fallback`);
    throw new ContractMismatchError(id, expected, mod.contractMajor);
  }
  return mod;
}

const lazyCache = new Map<string, unknown>();

/** Forgets loaded remote components (after remotes are registered again with other versions). */
export function clearRemoteCache(): void {
  lazyCache.clear();
}
function lazyFor<Id extends ExposedModuleId>(id: Id, attempt: number) {
  const key = `${id}#${attempt}`;
  let comp = lazyCache.get(key) as LazyExoticComponent<ComponentType<RemoteContracts[Id]>> | undefined;
  if (!comp) {
    comp = lazy(() => loadExposed(id));
    lazyCache.set(key, comp);
  }
  return comp;
}

interface BoundaryProps {
  id: string;
  fallback: (retry: () => void) => ReactNode;
  onRetry: () => void;
  children: ReactNode;
}
interface BoundaryState {
  error: Error | null;
}

/** Error boundary around one remote slot. */
export class RemoteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null };
  static getDerivedStateFromError(error: Error): BoundaryState {
    return { error };
  }
  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`[remotes] ${this.props.id} failed`, error, info.componentStack);
  }
  override render() {
    if (this.state.error) {
      return this.props.fallback(() => {
        this.setState({ error: null });
        this.props.onRetry();
      });
    }
    return this.props.children;
  }
}

/** Translated fallback shown in a slot whose remote is unavailable. */
export function RemoteFallback({ onRetry, compact }: { onRetry?: () => void; compact?: boolean }) {
  const { t } = useTranslation('common');
  return (
    <div className={`remote-fallback ${compact ? 'remote-fallback--compact' : ''}`} data-testid="remote-fallback">
      <EmptyState
        tone="error"
        title={t('remote.unavailableTitle')}
        text={t('remote.unavailableText')}
        action={
          onRetry ? (
            <button type="button" className="ui-btn ui-btn--ghost" onClick={onRetry}>
              {t('remote.retry')}
            </button>
          ) : undefined
        }
      />
    </div>
  );
}

export type RemoteSlotProps<Id extends ExposedModuleId> = {
  /** Exposed module id, e.g. `mf_leaderboard/Leaderboard`. */
  id: Id;
  /** Props typed by the remote's contract (shared/src/contracts.ts). */
  props: RemoteContracts[Id];
  /** Smaller fallback for slots inside a page section. */
  compact?: boolean;
  /** Element shown while loading (default: a centred spinner). */
  loading?: ReactNode;
  /** Wraps the fallback (e.g. in a modal frame when the slot is a dialog). */
  fallbackWrapper?: (fallback: ReactNode) => ReactNode;
};

/**
 * Slot that renders a remote's exposed component with all the protections above. The wrapper
 * carries `data-remote` (MF name) and, once its manifest is loaded, `data-remote-version` (the
 * version the remote was built as), so testers and e2e can see which build a page composes.
 */
export function RemoteSlot<Id extends ExposedModuleId>({ id, props, compact, loading, fallbackWrapper = (n) => n }: RemoteSlotProps<Id>) {
  const [attempt, setAttempt] = useAttempt(id);
  const Comp = useMemo(() => lazyFor(id, attempt), [id, attempt]);
  const remote = remoteOf(id);
  const version = useSyncExternalStore(subscribeRemoteInfo, () => remoteInfo().versions[remote]);
  return (
    <div className="remote-slot" data-remote={remote} data-remote-version={version}>
      <RemoteErrorBoundary
        key={`${id}#${attempt}`}
        id={id}
        onRetry={() => setAttempt(attempt + 1)}
        fallback={(retry) => fallbackWrapper(<RemoteFallback compact={compact} onRetry={retry} />)}
      >
        <Suspense fallback={loading ?? <div className="remote-loading"><Spinner /></div>}>
          <Comp {...(props as RemoteContracts[Id] & object)} />
        </Suspense>
      </RemoteErrorBoundary>
    </div>
  );
}

function useAttempt(id: string): [number, (n: number) => void] {
  const [state, setState] = useState<{ id: string; n: number }>({ id, n: 0 });
  const n = state.id === id ? state.n : 0;
  return [n, (next) => setState({ id, n: next })];
}
