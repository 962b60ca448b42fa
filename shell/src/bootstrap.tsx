/**
 * Shell start-up: reads the environment's `/config.json` and `/remotes.json` (both never cached),
 * registers the remotes with the Module Federation runtime, initialises i18n and renders the
 * router. Nothing of a remote loads before its route or slot needs it.
 */
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { DataProvider, apiClient, i18n, initI18n, landingStore, registerTranslations, restoreSession, setRuntimeConfig, type RuntimeConfig } from '@landing/shared';
import '@landing/shared/theme.css';
import 'react-toastify/dist/ReactToastify.css';
import './shell.css';
import { bundles } from './i18n';
import { loadAndRegisterRemotes } from './remotes/registry';
import { createRouter } from './routing/router';
import { startSound } from './soundSetup';
import { registerServiceWorker } from './pwa/serviceWorker';
import { trackInstallState } from './pwa/install';

async function loadRuntimeConfig(): Promise<Partial<RuntimeConfig>> {
  try {
    const res = await fetch('/config.json', { cache: 'no-store' });
    return res.ok ? ((await res.json()) as Partial<RuntimeConfig>) : {};
  } catch {
    return {};
  }
}

async function start(): Promise<void> {
  const config = setRuntimeConfig(await loadRuntimeConfig());
  initI18n();
  registerTranslations('shell', bundles);
  document.documentElement.lang = i18n.language;
  await loadAndRegisterRemotes(config);
  if (!config.production) (window as unknown as { __LANDING_STORE__: typeof landingStore }).__LANDING_STORE__ = landingStore;
  void restoreSession(apiClient); // spec §3: logged in when userData is set
  const router = createRouter();
  createRoot(document.getElementById('root')!).render(
    <I18nextProvider i18n={i18n}>
      <DataProvider>
        <RouterProvider router={router} />
      </DataProvider>
    </I18nextProvider>,
  );
  startSound(); // spec §9: click sound, persisted mute, music
  trackInstallState(); // spec §1: standalone mode, install offer
  registerServiceWorker(); // spec §1: offline worker at the root scope
}

void start();
