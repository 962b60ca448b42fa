/**
 * Renders one exposed module of a remote (design brief §2, §7): loaded through the federation
 * runtime, contract-major check, a React error boundary, and a translated, styled fallback when
 * the remote is down, broken or incompatible. Header, footer and the other remotes keep working.
 *
 * The same tree renders on the server and in the browser, so hydration matches:
 *   <div .remote-slot data-remote data-remote-version>
 *     <RemoteErrorBoundary> <Suspense fallback> <remote component/> </Suspense> </RemoteErrorBoundary>
 * What differs is the {@link RemoteLoader} of the render (React context): in the browser the
 * module-level {@link browserLoader} (the remote's modules preloaded before hydration render at
 * once); on the SSR server a per-request loader with a time budget. A slot the server could not
 * render (down, slow, throwing) is sent as its translated fallback and React renders that
 * boundary again in the browser ("the browser retries the slot").
 */
import {
  Component,
  Suspense,
  createContext,
  lazy,
  useContext,
  useMemo,
  useState,
  useSyncExternalStore,
  type ComponentType,
  type ErrorInfo,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { CONTRACT_MAJOR, EmptyState, Spinner, remoteOf, type ExposedModule, type ExposedModuleId, type RemoteContracts, type RemoteName } from '@landing/shared';
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
 * Checks a loaded exposed module: a default export and the contract major the shell needs.
 * @throws ContractMismatchError | Error (no default export)
 */
export function checkExposed<Id extends ExposedModuleId>(id: Id, mod: ExposedModule<RemoteContracts[Id]> | null | undefined): ExposedModule<RemoteContracts[Id]> {
  if (!mod || (typeof mod.default !== 'function' && typeof mod.default !== 'object')) throw new Error(`Remote module ${id} has no default export`);
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
  return checkExposed(id, await loadRemote<ExposedModule<RemoteContracts[Id]>>(id));
}

/**
 * When a server-rendered slot loads its code in the browser: `load` with the page (before
 * hydration), `visible` once it comes near the viewport (its server HTML shows meanwhile; React
 * hydrates it when the code is in). Below-the-fold slots use `visible`, so their remote is no
 * part of the first load (issue 11).
 */
export type SlotHydration = 'load' | 'visible';

/** Where a slot gets its component and the version it shows, on one side (browser or server). */
export interface RemoteLoader {
  /** `server`: SSR (the Suspense fallback is the translated "unavailable" notice the HTML keeps). */
  side: 'browser' | 'server';
  /**
   * The component of an exposed module: the module's own component when it is already loaded
   * (no suspension: hydration and warm server renders are synchronous), else a `React.lazy`.
   * @param attempt    0, then 1, 2 … after each retry of the slot (a new lazy each time)
   * @param hydration  see {@link SlotHydration}
   */
  componentFor<Id extends ExposedModuleId>(id: Id, attempt: number, hydration: SlotHydration): ComponentType<RemoteContracts[Id]>;
  /** React hook: the build version of the remote the slot shows (`data-remote-version`). */
  useVersion(remote: RemoteName): string | undefined;
}

/**
 * Resolves when the slot of `id` is within 200 px of the viewport (or at once without
 * IntersectionObserver, or when the slot is not in the page).
 */
function whenSlotVisible(id: string): Promise<void> {
  const el = typeof document === 'undefined' ? null : document.querySelector(`.remote-slot[data-slot="${typeof CSS === 'undefined' ? id : CSS.escape(id)}"]`);
  if (!el || typeof IntersectionObserver === 'undefined') return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          observer.disconnect();
          resolve();
        }
      },
      { rootMargin: '200px' },
    );
    observer.observe(el);
  });
}

/** Exposed modules loaded in the browser, by module id and manifest URL (a redeploy is another key). */
const loadedModules = new Map<string, ExposedModule<unknown>>();
const lazyCache = new Map<string, ComponentType<never>>();
/** Versions the server rendered into `data-remote-version` (the hydration snapshot). */
let serverVersions: Partial<Record<RemoteName, string>> = {};

const keyOf = (id: string) => `${id}@${registeredRemotes()[remoteOf(id as ExposedModuleId)] ?? ''}`;

/**
 * Loads the exposed modules of the page before hydration (the slots the server rendered), so
 * their components render synchronously and hydrate the server HTML. Failures are left to the
 * slots (they fall back and retry).
 * @param ids       exposed module ids (`mf_news/NewsTeaser`)
 * @param versions  the versions the server rendered, used as the hydration snapshot
 */
export async function preloadRemotes(ids: readonly ExposedModuleId[], versions: Partial<Record<RemoteName, string>> = {}): Promise<void> {
  serverVersions = versions;
  await Promise.allSettled(
    ids.map(async (id) => {
      const mod = await loadExposed(id);
      loadedModules.set(keyOf(id), mod as ExposedModule<unknown>);
    }),
  );
}

/** Forgets loaded remote components (after remotes are registered again with other versions). */
export function clearRemoteCache(): void {
  lazyCache.clear();
  loadedModules.clear();
}

/** The browser's loader: preloaded modules render at once, others through `React.lazy`. */
export const browserLoader: RemoteLoader = {
  side: 'browser',
  componentFor<Id extends ExposedModuleId>(id: Id, attempt: number, hydration: SlotHydration) {
    const key = keyOf(id);
    const ready = attempt === 0 ? loadedModules.get(key) : undefined;
    if (ready) return ready.default as ComponentType<RemoteContracts[Id]>;
    const cacheKey = `${key}#${attempt}`;
    let comp = lazyCache.get(cacheKey) as ComponentType<RemoteContracts[Id]> | undefined;
    if (!comp) {
      comp = lazy(async () => {
        if (hydration === 'visible' && attempt === 0) await whenSlotVisible(id);
        const mod = await loadExposed(id);
        loadedModules.set(key, mod as ExposedModule<unknown>);
        return mod;
      });
      lazyCache.set(cacheKey, comp as ComponentType<never>);
    }
    return comp;
  },
  useVersion(remote) {
    return useSyncExternalStore(
      subscribeRemoteInfo,
      () => remoteInfo().versions[remote],
      () => serverVersions[remote],
    );
  },
};

/** The loader of this render (the SSR server provides a per-request one). */
export const RemoteLoaderContext = createContext<RemoteLoader>(browserLoader);

interface BoundaryProps {
  id: string;
  fallback: (retry: () => void) => ReactNode;
  onRetry: () => void;
  children: ReactNode;
}
interface BoundaryState {
  error: Error | null;
}

/** Error boundary around one remote slot (browser; on the server Suspense contains failures). */
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
  /** Element shown while loading in the browser (default: a centred spinner). */
  loading?: ReactNode;
  /** Wraps the fallback (e.g. in a modal frame when the slot is a dialog). */
  fallbackWrapper?: (fallback: ReactNode) => ReactNode;
  /** When the browser loads the slot's code (default `load`; `visible` for below-the-fold slots). */
  hydration?: SlotHydration;
};

/**
 * Slot that renders a remote's exposed component with all the protections above. The wrapper
 * carries `data-remote` (MF name) and, once its manifest is loaded, `data-remote-version` (the
 * version the remote was built as), so testers and e2e can see which build a page composes.
 */
export function RemoteSlot<Id extends ExposedModuleId>({ id, props, compact, loading, fallbackWrapper = (n) => n, hydration = 'load' }: RemoteSlotProps<Id>) {
  const loader = useContext(RemoteLoaderContext);
  const [attempt, setAttempt] = useAttempt(id);
  const Comp = useMemo(() => loader.componentFor(id, attempt, hydration), [loader, id, attempt, hydration]);
  const remote = remoteOf(id);
  const version = loader.useVersion(remote);
  const pending = loader.side === 'server' ? fallbackWrapper(<RemoteFallback compact={compact} />) : (loading ?? <div className="remote-loading"><Spinner /></div>);
  return (
    <div className="remote-slot" data-remote={remote} data-slot={id} data-remote-version={version}>
      <RemoteErrorBoundary
        key={`${id}#${attempt}`}
        id={id}
        onRetry={() => setAttempt(attempt + 1)}
        fallback={(retry) => fallbackWrapper(<RemoteFallback compact={compact} onRetry={retry} />)}
      >
        <Suspense fallback={pending}>
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
