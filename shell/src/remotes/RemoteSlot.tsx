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
  useCallback,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ComponentType,
  type ErrorInfo,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { loadRemote } from '@module-federation/enhanced/runtime';
import {
  CONTRACT_MAJOR,
  EmptyState,
  Spinner,
  remoteOf,
  translationsReady,
  type ExposedModule,
  type ExposedModuleId,
  type RemoteContracts,
  type RemoteName,
} from '@landing/shared';
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
  const mod = checkExposed(id, await loadRemote<ExposedModule<RemoteContracts[Id]>>(id));
  await translationsReady(); // the remote's texts in the current language, before it renders
  return mod;
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

/** Releases of the slots still waiting to load their code (hydration `visible`). */
const waitingSlots = new Set<() => void>();
/** Loads of deferred slots under way or done (awaited by {@link hydrateDeferredSlots}). */
const deferredLoads = new Set<Promise<unknown>>();
let idleReleaseScheduled = false;

/** Lets every waiting slot load its code now. */
function releaseWaitingSlots(): void {
  for (const release of [...waitingSlots]) release();
}

/**
 * Resolves when the slot of `id` is within 200 px of the viewport, or once the page has loaded
 * and the browser is idle (a below-the-fold slot is no part of the first load, but is ready
 * before the reader gets there), whichever comes first. At once without a window or
 * IntersectionObserver, or when the slot is not in the page.
 */
function whenSlotVisible(id: string): Promise<void> {
  const el =
    typeof document === 'undefined'
      ? null
      : document.querySelector(`.remote-slot[data-slot="${typeof CSS === 'undefined' ? id : CSS.escape(id)}"]`);
  if (!el || typeof IntersectionObserver === 'undefined') return Promise.resolve();
  if (!idleReleaseScheduled) {
    idleReleaseScheduled = true;
    const idle = () =>
      'requestIdleCallback' in window
        ? window.requestIdleCallback(releaseWaitingSlots, { timeout: 3000 })
        : setTimeout(releaseWaitingSlots, 1500);
    if (document.readyState === 'complete') idle();
    else window.addEventListener('load', idle, { once: true });
  }
  return new Promise((resolve) => {
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && release(), { rootMargin: '200px' });
    function release() {
      observer.disconnect();
      waitingSlots.delete(release);
      resolve();
    }
    waitingSlots.add(release);
    observer.observe(el);
  });
}

/**
 * Loads and hydrates every slot still waiting for its code (hydration `visible`); resolves when
 * they are done. Call before changing what the whole page shows (the language): a slot still
 * showing the server's HTML could not follow until hydrated.
 */
export async function hydrateDeferredSlots(): Promise<void> {
  releaseWaitingSlots();
  await Promise.allSettled([...deferredLoads]);
  // React hydrates a boundary whose code came in a task later: let it.
  await new Promise((resolve) => setTimeout(resolve, 0));
  await new Promise((resolve) =>
    typeof requestAnimationFrame === 'undefined' ? setTimeout(resolve, 16) : requestAnimationFrame(() => resolve(undefined)),
  );
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
      comp = lazy(() => {
        const load = (async () => {
          if (hydration === 'visible' && attempt === 0) await whenSlotVisible(id);
          const mod = await loadExposed(id);
          loadedModules.set(key, mod as ExposedModule<unknown>);
          return mod;
        })();
        if (hydration === 'visible') deferredLoads.add(load);
        return load;
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
export function RemoteSlot<Id extends ExposedModuleId>({
  id,
  props,
  compact,
  loading,
  fallbackWrapper = (n) => n,
  hydration = 'load',
}: RemoteSlotProps<Id>) {
  const loader = useContext(RemoteLoaderContext);
  const [attempt, setAttempt] = useAttempt(id);
  const Comp = useMemo(() => loader.componentFor(id, attempt, hydration), [loader, id, attempt, hydration]);
  const remote = remoteOf(id);
  const version = loader.useVersion(remote);
  // Presentation callbacks may be new functions on every render of the parent: read through refs.
  const view = useRef({ loading, fallbackWrapper });
  view.current = { loading, fallbackWrapper };
  // The boundary is the same element while id, attempt and props (shallow) are the same: a
  // server-rendered slot still waiting for its code (hydration `visible`) then gets no update
  // and keeps its HTML, where a new element would make React drop the HTML for the fallback.
  const stableProps = useShallowStable(props as object);
  const boundary = useMemo(() => {
    const wrap = (node: ReactNode) => view.current.fallbackWrapper(node);
    const pending =
      loader.side === 'server'
        ? wrap(<RemoteFallback compact={compact} />)
        : (view.current.loading ?? (
            <div className="remote-loading">
              <Spinner />
            </div>
          ));
    return (
      <RemoteErrorBoundary
        key={`${id}#${attempt}`}
        id={id}
        onRetry={() => setAttempt(attempt + 1)}
        fallback={(retry) => wrap(<RemoteFallback compact={compact} onRetry={retry} />)}
      >
        <Suspense fallback={pending}>
          <Comp {...(stableProps as RemoteContracts[Id] & object)} />
        </Suspense>
      </RemoteErrorBoundary>
    );
  }, [Comp, stableProps, id, attempt, compact, loader.side, setAttempt]);
  return (
    <div className="remote-slot" data-remote={remote} data-slot={id} data-remote-version={version}>
      {boundary}
    </div>
  );
}

/** `value` itself until a shallow comparison says it changed (stable identity for equal props). */
function useShallowStable<T extends object>(value: T): T {
  const ref = useRef(value);
  const prev = ref.current as Record<string, unknown>;
  const next = value as Record<string, unknown>;
  const same =
    prev === next || (Object.keys(prev).length === Object.keys(next).length && Object.keys(next).every((k) => Object.is(prev[k], next[k])));
  if (!same) ref.current = value;
  return ref.current;
}

function useAttempt(id: string): [number, (n: number) => void] {
  const [state, setState] = useState<{ id: string; n: number }>({ id, n: 0 });
  const n = state.id === id ? state.n : 0;
  const set = useCallback((next: number) => setState({ id, n: next }), [id]);
  return [n, set];
}
