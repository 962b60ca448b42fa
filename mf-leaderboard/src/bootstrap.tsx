/**
 * Standalone page of the remote (its own dev mode, `pnpm --filter ./mf-leaderboard dev`): renders
 * the exposed component with the shared providers, without the shell.
 */
import { createRoot } from 'react-dom/client';
import { ToastContainer } from 'react-toastify';
import * as ReactQuery from '@tanstack/react-query';
import { initI18n, DataProvider, provideQueryRuntime } from '@landing/shared';
import '@landing/shared/theme.css';
import 'react-toastify/dist/ReactToastify.css';
import Leaderboard from './exposes/Leaderboard';

// The standalone page imports TanStack Query itself (shared/src/data/query-runtime.ts).
provideQueryRuntime(ReactQuery);
initI18n();
createRoot(document.getElementById('root')!).render(
  <DataProvider>
    <main className="ui-container" style={{ padding: '32px 20px' }}>
      <Leaderboard server="royal" />
      <ToastContainer position="bottom-right" />
    </main>
  </DataProvider>,
);
