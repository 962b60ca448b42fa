/**
 * How a page render loads its remote slots (docs/ARCHITECTURE.md "A page, from request to hydration"): each exposed module
 * from the remote's server build through the federation runtime, racing the rest of the render's
 * budget; a slot that misses it or throws is sent as its fallback and rendered by the browser.
 * Each slot sent as its fallback is recorded with its exposed module and the reason
 * ({@link SlotError}), so the page server's metrics count it for the remote and version the page
 * composed (metrics.ts).
 */
import { createElement, lazy, type ComponentType } from 'react';
import { EXPOSED_MODULE_IDS, translationsReady, type ExposedModuleId, type RemoteContracts, type RemoteName } from '@landing/shared';
import { checkExposed, type RemoteLoader, type SlotHydration } from '../../remotes/RemoteSlot';
import type { ServerFederation } from '../federation/server-federation';

/** A slot the page server sent as its fallback (the browser renders it), and why. */
export interface SlotError {
  /** The slot's exposed module; null for an error the render could not place in a slot (the shell's own). */
  slot: ExposedModuleId | null;
  /**
   * `budget`: the slot was not ready within the SSR budget; `load`: its code could not be loaded,
   * was refused or failed the contract check; `render`: it threw while rendering.
   */
  reason: 'budget' | 'load' | 'render';
  /** First line of the error's message. */
  message: string;
}

/** First line of what was thrown. */
const firstLine = (e: unknown) => String((e as Error | null)?.message ?? e).split('\n')[0]!;

/** Name of a slot's frame in React's component stacks: `RemoteSlot[mf_news/NewsList]`. */
const frameName = (id: ExposedModuleId) => `RemoteSlot[${id}]`;

/**
 * The slot's component wrapped in a component named after the slot ({@link frameName}). An error
 * thrown while the remote renders reaches the render's `onError` with React's component stack,
 * whose frames carry the function names of the components above the thrower; this one names the
 * slot, whatever the remote's code (minified, nested components). The name comes from the
 * computed property key, which minifiers keep. It renders nothing of its own: the browser, which
 * renders the component without it, hydrates the same HTML.
 */
function slotFrame<P extends object>(id: ExposedModuleId, inner: ComponentType<P>): ComponentType<P> {
  const name = frameName(id);
  return { [name]: (props: P) => createElement(inner, props) }[name]!;
}

/**
 * The innermost slot in a component stack from React's `onError` (see {@link slotFrame}), or null.
 * @param componentStack  `errorInfo.componentStack` (frames `at Name (location)`, innermost first)
 */
function slotOfComponentStack(componentStack: string | undefined): ExposedModuleId | null {
  for (const m of (componentStack ?? '').matchAll(/\bat RemoteSlot\[([^\]\s]+)\]/g))
    if ((EXPOSED_MODULE_IDS as readonly string[]).includes(m[1]!)) return m[1] as ExposedModuleId;
  return null;
}

/**
 * Records an error React's render reported (`onError`): the slot whose component stack it came
 * from, `budget` for the render's own abort, else `render`. An error the loader recorded already
 * (a failed load rejects the slot's lazy component, which React reports again) is not added twice.
 * @param budgetAbort  the error the render aborts with when its budget is over
 */
export function recordRenderError(slotErrors: SlotError[], error: unknown, componentStack: string | undefined, budgetAbort: unknown): void {
  const slot = slotOfComponentStack(componentStack);
  const message = firstLine(error);
  if (slotErrors.some((e) => e.slot === slot && e.message === message)) return;
  slotErrors.push({ slot, reason: error === budgetAbort ? 'budget' : 'render', message });
}

/** A request's loader and what it recorded while the page rendered. */
export interface RequestLoader {
  loader: RemoteLoader;
  /** Exposed modules the page's slots asked for. */
  ids: Set<ExposedModuleId>;
  /** Slots whose browser code waits until they are visible (no preload of their scripts). */
  deferred: Set<ExposedModuleId>;
  /** Remote build versions rendered. */
  versions: Partial<Record<RemoteName, string>>;
}

/**
 * A loader for one request: every exposed module races the rest of the budget; ids and the
 * versions rendered are recorded for the page data and the preload links.
 * @param deadline  end of the render's budget (`performance.now()` time, ms)
 * @param slotErrors  receives each slot whose code was not loaded (`load`, `budget`)
 */
export function requestLoader(federation: ServerFederation, deadline: number, slotErrors: SlotError[]): RequestLoader {
  const ids = new Set<ExposedModuleId>();
  const deferred = new Set<ExposedModuleId>();
  const versions: Partial<Record<RemoteName, string>> = {};
  const lazies = new Map<string, ComponentType<never>>();
  const loader: RemoteLoader = {
    side: 'server',
    componentFor<Id extends ExposedModuleId>(id: Id, _attempt: number, hydration: SlotHydration) {
      ids.add(id);
      if (hydration === 'visible') deferred.add(id);
      let comp = lazies.get(id);
      if (!comp) {
        const remoteComponent = lazy(async () => {
          const left = Math.max(0, deadline - performance.now());
          const load = federation.load(id);
          load.catch(() => undefined); // a late load still warms the next request
          let timer: NodeJS.Timeout | undefined;
          const overBudget = new Error(`${id}: not loaded within the SSR budget`);
          const budget = new Promise<never>((_, reject) => {
            timer = setTimeout(() => reject(overBudget), left);
          });
          try {
            const mod = checkExposed(id, (await Promise.race([load, budget])) as never);
            await Promise.race([translationsReady(), budget]); // the remote's texts, every language
            return mod;
          } catch (e) {
            slotErrors.push({ slot: id, reason: e === overBudget ? 'budget' : 'load', message: firstLine(e) });
            throw e;
          } finally {
            clearTimeout(timer);
          }
        }) as ComponentType<never>;
        comp = slotFrame(id, remoteComponent);
        lazies.set(id, comp);
      }
      return comp as unknown as ComponentType<RemoteContracts[Id]>;
    },
    useVersion(remote) {
      const v = federation.versionOf(remote);
      if (v) versions[remote] = v;
      return v;
    },
  };
  return { loader, ids, deferred, versions };
}
