/**
 * Standalone page of the remote (`pnpm --filter ./mf-auth dev`, port 3001): the join page and the
 * two modals with the shared providers, without the shell. The API is the runtime default
 * (http://localhost:4000/{server}).
 */
import { createRoot } from 'react-dom/client';
import { ToastContainer } from 'react-toastify';
import { BrowserRouter, Route, Routes } from 'react-router';
import * as ReactQuery from '@tanstack/react-query';
import { initI18n, useLandingStore, DataProvider, provideQueryRuntime } from '@landing/shared';
import '@landing/shared/theme.css';
import 'react-toastify/dist/ReactToastify.css';
import './styles/index.css';
import { AuthModal } from './components/AuthModal';
import { JoinPage } from './components/JoinPage';
import { SocialCallback } from './components/SocialCallback';
import { TwoFactorDialog } from './components/TwoFactorDialog';

// The standalone page imports TanStack Query itself (shared/src/data/query-runtime.ts).
provideQueryRuntime(ReactQuery);
initI18n();

function Standalone() {
  const modals = useLandingStore((s) => s.modals);
  const openModal = useLandingStore((s) => s.openModal);
  return (
    <main style={{ padding: '24px 0' }}>
      <div className="ui-container" style={{ display: 'flex', gap: 12, marginBottom: 16 }}>
        <button type="button" className="ui-btn" onClick={() => openModal('authForm')}>
          Auth modal
        </button>
        <button type="button" className="ui-btn ui-btn--ghost" onClick={() => openModal('twoFactorAuth')}>
          Two-factor dialog
        </button>
      </div>
      <JoinPage server="royal" />
      {modals.authForm ? <AuthModal server="royal" /> : null}
      {modals.twoFactorAuth ? <TwoFactorDialog server="royal" /> : null}
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <DataProvider>
    <BrowserRouter>
      <Routes>
        <Route path="/auth_callback" element={<SocialCallback />} />
        <Route path="/auth/:provider/callback" element={<SocialCallback />} />
        <Route path="*" element={<Standalone />} />
      </Routes>
      <ToastContainer position="bottom-right" theme="dark" />
    </BrowserRouter>
  </DataProvider>,
);
