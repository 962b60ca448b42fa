/**
 * The header's language / server switcher (spec §2): a toggle that opens and closes a panel on
 * click; the panel closes on an outside click or Escape. The panel (./SwitcherPanel.tsx) is a
 * chunk of its own, loaded at the first sign of intent on the toggle (pointer over it, a press,
 * focus) or when it opens; until it is in, the open panel shows a spinner, and if it cannot load
 * (offline), the translated "temporarily unavailable" notice with "Try again".
 */
import { useCallback, useEffect, useState } from 'react';
import { LOCALES, Spinner, currentLocale, findServer, useLandingStore } from '@landing/shared';
import { usePopover } from './use-popover';
import { RemoteFallback } from '../remotes/RemoteErrorBoundary';

type PanelModule = typeof import('./SwitcherPanel');

let panelModule: PanelModule | null = null;
let panelLoad: Promise<PanelModule> | null = null;

/** Loads the panel's chunk (once; again after a failure). */
function loadPanel(): Promise<PanelModule> {
  panelLoad ??= import(/* webpackChunkName: "switcher" */ './SwitcherPanel').then(
    (module) => (panelModule = module),
    (error: unknown) => {
      panelLoad = null;
      throw error;
    },
  );
  return panelLoad;
}

/** Starts loading the panel's chunk, ahead of the click (a failure shows when the panel opens). */
function preloadPanel(): void {
  loadPanel().catch(() => undefined);
}

/**
 * The panel's module once loaded: loading starts when `open` turns true.
 * @returns the module, or `failed` (with `retry`) when its chunk could not load
 */
function usePanelModule(open: boolean): { module: PanelModule | null; failed: boolean; retry: () => void } {
  const [module, setModule] = useState<PanelModule | null>(panelModule);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!open || module) return;
    let live = true;
    loadPanel().then(
      (m) => live && setModule(m),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [open, module, attempt]);
  const retry = useCallback(() => {
    setFailed(false);
    setAttempt((n) => n + 1);
  }, []);
  return { module, failed, retry };
}

/**
 * Language / server switcher of the header (spec §2), see the module comment: the toggle shows
 * the interface language and the current server; the panel lists the nine languages and the
 * servers by region (./SwitcherPanel.tsx).
 */
export function ServerSwitcher() {
  const { open, setOpen, close, ref } = usePopover<HTMLDivElement>();
  const selected = useLandingStore((s) => s.selectedServer);
  const localeCode = useLandingStore((s) => s.serverLangLocale);
  const current = findServer(selected);
  const locale = LOCALES.find((l) => l.code === localeCode) ?? LOCALES.find((l) => l.code === currentLocale())!;
  const panel = usePanelModule(open);

  return (
    <div className="switcher" ref={ref} onKeyDown={(e) => e.key === 'Escape' && close()}>
      <button
        type="button"
        className="switcher__toggle"
        aria-expanded={open}
        aria-haspopup="true"
        aria-controls="switcher-panel"
        data-testid="switcher-toggle"
        data-early-click="switcher"
        onClick={() => setOpen((o) => !o)}
        // The panel's code loads at the first sign of intent (it is in before the click ends).
        onPointerEnter={preloadPanel}
        onPointerDown={preloadPanel}
        onFocus={preloadPanel}
      >
        <span className="switcher__lang">{locale.code.toUpperCase()}</span>
        <span className="switcher__server">{current?.name ?? selected}</span>
        <span className="switcher__caret" aria-hidden="true">
          ▾
        </span>
      </button>
      {open ? (
        <div className="switcher__panel" id="switcher-panel" data-testid="switcher-panel">
          {panel.module ? (
            <panel.module.SwitcherPanel selected={selected} locale={locale} close={close} />
          ) : panel.failed ? (
            <RemoteFallback compact onRetry={panel.retry} />
          ) : (
            <div className="switcher__loading" aria-busy="true">
              <Spinner />
            </div>
          )}
        </div>
      ) : null}
    </div>
  );
}
