/**
 * Renders one exposed module of a remote (docs/ARCHITECTURE.md: remote slots are React.lazy +
 * Suspense + an error boundary + a translated fallback with a retry): loaded through the
 * federation runtime with the contract-major check (load-exposed.ts), inside an error boundary
 * with a translated, styled fallback when the remote is down, broken or incompatible
 * (RemoteErrorBoundary.tsx). Header, footer and the other remotes keep working.
 *
 * The same tree renders on the server and in the browser, so hydration matches:
 *   <div .remote-slot data-remote data-remote-version>
 *     <RemoteErrorBoundary> <Suspense fallback> <remote component/> </Suspense> </RemoteErrorBoundary>
 * What differs is the loader of the render (remote-loader.ts). A slot the server could not render
 * (down, slow, throwing) is sent as its translated fallback and React renders that boundary again
 * in the browser ("the browser retries the slot"). In the browser a slot whose code is not in yet
 * keeps its server HTML (a dehydrated Suspense boundary) until React hydrates it when the code
 * arrives, or shows its fallback when the load fails; when it loads is slot-scheduling.ts's job.
 */
import { Suspense, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Spinner, remoteOf, useLandingStore, type ExposedModuleId, type RemoteContracts } from '@landing/shared';
import { RemoteErrorBoundary, RemoteFallback } from './RemoteErrorBoundary';
import { RemoteLoaderContext, type SlotHydration } from './remote-loader';
import { settleSlot } from './slot-scheduling';

// What the SSR renderer (shell/src/server/) imports from here.
export { checkExposed } from './load-exposed';
export { RemoteLoaderContext, type RemoteLoader, type SlotHydration } from './remote-loader';

/**
 * Renders nothing. Once React commits it (the slot's remote component hydrated or rendered, or
 * its fallback shown) it marks the slot settled (`whenSlotsSettled` of slot-scheduling.ts). Inside the slot's
 * Suspense boundary it also carries the interface language, so a language switch is an update of
 * a boundary still showing the server's HTML: React then hydrates it first when its code is in,
 * or renders it afresh in the new language, instead of hydrating it later against text in the
 * old one (a mismatch).
 */
function SlotSettled({ id }: { id: string; lang: string }) {
  useEffect(() => settleSlot(id), [id]);
  return null;
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
