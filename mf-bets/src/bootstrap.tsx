/**
 * Standalone page of the remote (its own dev mode, `pnpm --filter ./mf-bets dev`): renders the
 * exposed page with the shared providers and its own (hash) router, without the shell:
 * `#/{server}/bets`, `#/{server}/bets-ranking`, `#/{server}/bets-rules` as in the shell.
 */
import { createRoot } from 'react-dom/client';
import { HashRouter, Navigate, Route, Routes, useParams } from 'react-router';
import { ToastContainer } from 'react-toastify';
import * as ReactQuery from '@tanstack/react-query';
import { findServer, initI18n, landingStore, type BetsPageProps, DataProvider, provideQueryRuntime } from '@landing/shared';
import '@landing/shared/theme.css';
import 'react-toastify/dist/ReactToastify.css';
import BetsPage from './exposes/BetsPage';

function Standalone({ tab }: { tab: BetsPageProps['tab'] }) {
  const server = findServer(useParams().server)?.value ?? 'royal';
  landingStore.getState().setSelectedServer(server);
  return <BetsPage server={server} tab={tab} />;
}

// The standalone page imports TanStack Query itself (shared/src/data/query-runtime.ts).
provideQueryRuntime(ReactQuery);
initI18n();
createRoot(document.getElementById('root')!).render(
  <DataProvider>
    <HashRouter>
      <main style={{ padding: '32px 0' }}>
        <Routes>
          <Route path="/:server/bets" element={<Standalone tab="matches" />} />
          <Route path="/:server/bets-ranking" element={<Standalone tab="ranking" />} />
          <Route path="/:server/bets-rules" element={<Standalone tab="rules" />} />
          <Route path="*" element={<Navigate to="/royal/bets" replace />} />
        </Routes>
      </main>
      <ToastContainer position="bottom-right" theme="dark" />
    </HashRouter>
  </DataProvider>,
);
