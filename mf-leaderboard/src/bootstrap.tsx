/**
 * Standalone page of the remote (its own dev mode, `pnpm --filter ./mf-leaderboard dev`): renders
 * the exposed component with the shared providers, without the shell.
 */
import { createRoot } from 'react-dom/client';
import { ToastContainer } from 'react-toastify';
import { initI18n, DataProvider } from '@landing/shared';
import '@landing/shared/theme.css';
import 'react-toastify/dist/ReactToastify.css';
import Leaderboard from './exposes/Leaderboard';

initI18n();
createRoot(document.getElementById('root')!).render(
  <DataProvider>
    <main className="ui-container" style={{ padding: '32px 20px' }}>
      <Leaderboard server="royal" />
      <ToastContainer position="bottom-right" />
    </main>
  </DataProvider>,
);
