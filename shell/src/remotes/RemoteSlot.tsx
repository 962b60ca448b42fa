/**
 * Renders one exposed module of a remote (design brief §2, §7): loaded through the federation
 * runtime, contract-major check, a React error boundary, and a translated, styled fallback when
 * the remote is down, broken or incompatible. Header, footer and the other remotes keep working.
 *
 * The same tree renders on the server and in the browser, so hydration matches:
 *   <div .remote-slot data-remote data-remote-version>
 *     <RemoteErrorBoundary> <Suspense fallback> <remote component/> </Suspense> </RemoteErrorBoundary>
 * What differs is the {@link RemoteLoader} of the render (React context): in the browser the
 * module-level {@link browserLoader}; on the SSR server a per-request loader with a time budget. A
 * slot the server could not render (down, slow, throwing) is sent as its translated fallback and
 * React renders that boundary again in the browser ("the browser retries the slot").
 *
 * In the browser the shell hydrates without waiting for any remote: the page's slot modules load
 * in parallel ({@link preloadRemotes}), and a slot whose code is not in yet keeps its server HTML
 * (a dehydrated Suspense boundary) until React hydrates it when the code arrives, or shows its
 * fallback when the load fails. Header, footer and the other slots are interactive meanwhile.
 */
import {
  Component,
  Suspense,
  createContext,
  lazy,
  useContext,
  useCallback,
  useEffect,
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
  useLandingStore,
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
 * hydration), `visible` once it comes near the viewport or the reader scrolls or taps (its server
 * HTML shows meanwhile; React hydrates it when the code is in). Below-the-fold slots use
 * `visible`, so their remote is no part of the page's start-up.
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
/** First loads of slot code under way (preloads and deferred slots; awaited by {@link hydrateDeferredSlots}). */
const pendingLoads = new Set<Promise<unknown>>();
let firstInputWatched = false;
/** What counts as the reader going on with the page (see {@link whenSlotVisible}). */
const FIRST_INPUT_EVENTS = ['scroll', 'pointerdown', 'keydown', 'wheel', 'touchstart'] as const;

/** Adds `load` to {@link pendingLoads} until it settles; returns it. */
function trackPending<T>(load: Promise<T>): Promise<T> {
  pendingLoads.add(load);
  const done = () => void pendingLoads.delete(load);
  load.then(done, done);
  return load;
}

/** Lets every waiting slot load its code now. */
function releaseWaitingSlots(): void {
  for (const release of [...waitingSlots]) release();
}

/**
 * Distance below the viewport (px) at which a below-the-fold slot starts loading its code: about
 * a phone screen, so the code is in before the reader scrolls there.
 */
export const SLOT_LOAD_MARGIN_PX = 800;

/**
 * Resolves when the slot of `id` comes within {@link SLOT_LOAD_MARGIN_PX} of the viewport, or
 * when the reader first scrolls, taps or presses a key anywhere (they are reading on: the
 * page's first seconds are over), whichever comes first. Its server HTML shows meanwhile, so a
 * below-the-fold slot costs no script before then. At once without a window or
 * IntersectionObserver, or when the slot is not in the page.
 */
function whenSlotVisible(id: string): Promise<void> {
  const el =
    typeof document === 'undefined'
      ? null
      : document.querySelector(`.remote-slot[data-slot="${typeof CSS === 'undefined' ? id : CSS.escape(id)}"]`);
  if (!el || typeof IntersectionObserver === 'undefined') return Promise.resolve();
  if (!firstInputWatched) {
    firstInputWatched = true;
    const onInput = () => {
      for (const type of FIRST_INPUT_EVENTS) window.removeEventListener(type, onInput, true);
      releaseWaitingSlots();
    };
    for (const type of FIRST_INPUT_EVENTS) window.addEventListener(type, onInput, { capture: true, passive: true });
  }
  return new Promise((resolve) => {
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && release(), {
      rootMargin: `${SLOT_LOAD_MARGIN_PX}px 0px`,
    });
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
 * How long a language switch waits for the code of slots still showing the server's HTML (ms).
 * A slot whose remote answers later (slow, or down and being retried) is rendered afresh in the
 * new language instead (see {@link SlotSettled}); the switch never waits for a remote's retries.
 */
export const SLOT_CODE_WAIT_MS = 1000;

/**
 * Starts loading the code of every slot still waiting for it (hydration `visible`) and resolves
 * once the slot loads under way have settled and React has hydrated what came in, or after
 * `waitMs`, whichever is first. Call before changing what the whole page shows (the language), so
 * slots showing the server's HTML hydrate before they change.
 * @param waitMs  longest wait for slot code (ms), default {@link SLOT_CODE_WAIT_MS}
 */
export async function hydrateDeferredSlots(waitMs: number = SLOT_CODE_WAIT_MS): Promise<void> {
  releaseWaitingSlots();
  // A released slot starts its load a microtask later: let it join the pending loads.
  await Promise.resolve();
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    Promise.allSettled([...pendingLoads]),
    new Promise((resolve) => {
      timer = setTimeout(resolve, waitMs);
    }),
  ]);
  clearTimeout(timer);
  // React hydrates a boundary whose code came in a task later: let it.
  await new Promise((resolve) => setTimeout(resolve, 0));
  await new Promise((resolve) =>
    typeof requestAnimationFrame === 'undefined' ? setTimeout(resolve, 16) : requestAnimationFrame(() => resolve(undefined)),
  );
}

/** Exposed modules loaded in the browser, by module id and manifest URL (a redeploy is another key). */
const loadedModules = new Map<string, ExposedModule<unknown>>();
/**
 * First load of each exposed module, by the same key: the page's preload and its slot share it, so
 * a remote that is down costs one round of the runtime's retries, not one per caller. A retry of
 * the slot (attempt 1, 2 …) loads again.
 */
const firstLoads = new Map<string, Promise<ExposedModule<unknown>>>();
const lazyCache = new Map<string, ComponentType<never>>();
/** Versions the server rendered into `data-remote-version` (the hydration snapshot). */
let serverVersions: Partial<Record<RemoteName, string>> = {};
/** Remotes whose first load failed: their slots no longer claim the server's version. */
const failedRemotes = new Set<RemoteName>();
const versionListeners = new Set<() => void>();
/**
 * Slots of the first load that have settled: their remote component committed (hydrated or
 * rendered) or their fallback shows. See {@link whenSlotsSettled}.
 */
const settledSlots = new Set<string>();
const settleListeners = new Set<() => void>();

const keyOf = (id: string) => `${id}@${registeredRemotes()[remoteOf(id as ExposedModuleId)] ?? ''}`;

/** The first load of an exposed module (see {@link firstLoads}); records the module once loaded. */
function loadFirst<Id extends ExposedModuleId>(id: Id): Promise<ExposedModule<RemoteContracts[Id]>> {
  const key = keyOf(id);
  let load = firstLoads.get(key);
  if (!load) {
    load = loadExposed(id).then(
      (mod) => {
        loadedModules.set(key, mod as ExposedModule<unknown>);
        return mod as ExposedModule<unknown>;
      },
      (error: unknown) => {
        failedRemotes.add(remoteOf(id));
        versionListeners.forEach((l) => l());
        throw error;
      },
    );
    firstLoads.set(key, load);
  }
  return load as Promise<ExposedModule<RemoteContracts[Id]>>;
}

/**
 * Starts loading the exposed modules of the page's slots (the ones the server rendered and the
 * browser hydrates at load) and returns at once, so the shell hydrates without waiting for any
 * remote; each slot hydrates when its code is in. The returned promise settles when every load
 * has (failures are left to the slots: they fall back and retry).
 * @param ids       exposed module ids (`mf_news/NewsTeaser`)
 * @param versions  the versions the server rendered, used as the hydration snapshot
 */
export function preloadRemotes(ids: readonly ExposedModuleId[], versions: Partial<Record<RemoteName, string>> = {}): Promise<unknown> {
  serverVersions = versions;
  return Promise.allSettled(ids.map((id) => trackPending(loadFirst(id))));
}

/** Forgets loaded remote components and settled slots (after remotes are registered again with other versions). */
export function clearRemoteCache(): void {
  lazyCache.clear();
  loadedModules.clear();
  firstLoads.clear();
  failedRemotes.clear();
  settledSlots.clear();
}

/** Subscribes to what {@link browserLoader}'s `useVersion` reads: the registry and failed first loads. */
function subscribeVersions(listener: () => void): () => void {
  const unsubscribe = subscribeRemoteInfo(listener);
  versionListeners.add(listener);
  return () => {
    unsubscribe();
    versionListeners.delete(listener);
  };
}

function settleSlot(id: string): void {
  if (settledSlots.has(id)) return;
  settledSlots.add(id);
  settleListeners.forEach((l) => l());
}

/**
 * Resolves once every slot of `ids` has settled (its remote component hydrated or rendered, or
 * its fallback shown) or is not in the page. The shell marks the page ready (`<html
 * data-ready>`) with it: a click into a slot still showing the server's HTML would be lost.
 * @param ids  exposed module ids of the page's slots
 */
export function whenSlotsSettled(ids: readonly string[]): Promise<void> {
  return new Promise((resolve) => {
    const inPage = (id: string) =>
      typeof document !== 'undefined' &&
      document.querySelector(`.remote-slot[data-slot="${typeof CSS === 'undefined' ? id : CSS.escape(id)}"]`) !== null;
    const check = () => {
      if (!ids.every((id) => settledSlots.has(id) || !inPage(id))) return;
      settleListeners.delete(check);
      resolve();
    };
    settleListeners.add(check);
    check();
  });
}

/**
 * Renders nothing. Once React commits it (the slot's remote component hydrated or rendered, or
 * its fallback shown) it marks the slot settled ({@link whenSlotsSettled}). Inside the slot's
 * Suspense boundary it also carries the interface language, so a language switch is an update of
 * a boundary still showing the server's HTML: React then hydrates it first when its code is in,
 * or renders it afresh in the new language, instead of hydrating it later against text in the
 * old one (a mismatch).
 */
function SlotSettled({ id }: { id: string; lang: string }) {
  useEffect(() => settleSlot(id), [id]);
  return null;
}

/** The browser's loader: loaded modules render at once, others through `React.lazy`. */
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
        if (attempt > 0) return loadExposed(id); // a retry goes to the network again
        if (hydration === 'load') return loadFirst(id);
        return trackPending(whenSlotVisible(id).then(() => loadFirst(id)));
      });
      lazyCache.set(cacheKey, comp as ComponentType<never>);
    }
    return comp;
  },
  useVersion(remote) {
    return useSyncExternalStore(
      subscribeVersions,
      () => remoteInfo().versions[remote] ?? (failedRemotes.has(remote) ? undefined : serverVersions[remote]),
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
  const lang = useLandingStore((s) => s.serverLangLocale);
  const [attempt, setAttempt] = useAttempt(id);
  const Comp = useMemo(() => loader.componentFor(id, attempt, hydration), [loader, id, attempt, hydration]);
  const remote = remoteOf(id);
  const version = loader.useVersion(remote);
  // Presentation callbacks may be new functions on every render of the parent: read through refs.
  const view = useRef({ loading, fallbackWrapper });
  view.current = { loading, fallbackWrapper };
  // The boundary is the same element while id, attempt, props (shallow) and language are the
  // same: a server-rendered slot still waiting for its code then gets no update and keeps its
  // HTML, where a new element would make React drop the HTML for the fallback. A language switch
  // is such an update on purpose (see SlotSettled).
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
        fallback={(retry) => (
          <>
            {wrap(<RemoteFallback compact={compact} onRetry={retry} />)}
            <SlotSettled id={id} lang={lang} />
          </>
        )}
      >
        <Suspense fallback={pending}>
          <Comp {...(stableProps as RemoteContracts[Id] & object)} />
          <SlotSettled id={id} lang={lang} />
        </Suspense>
      </RemoteErrorBoundary>
    );
  }, [Comp, stableProps, id, attempt, compact, loader.side, setAttempt, lang]);
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
