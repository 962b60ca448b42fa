/**
 * Standalone page of the remote (its own dev mode, `pnpm --filter ./mf-news dev`): renders the
 * exposed components with the shared providers, without the shell, under a hash router
 * (`#/royal/news`, `#/royal/news/list/2`, `#/royal/news/{slug}`; the home teaser at `#/`).
 */
import { createRoot } from 'react-dom/client';
import { HashRouter, Navigate, Route, Routes, useParams } from 'react-router';
import { ToastContainer } from 'react-toastify';
import * as ReactQuery from '@tanstack/react-query';
import { initI18n, type ServerCode, DataProvider, provideQueryRuntime } from '@landing/shared';
import '@landing/shared/theme.css';
import 'react-toastify/dist/ReactToastify.css';
import NewsArticle from './exposes/NewsArticle';
import NewsList from './exposes/NewsList';
import NewsTeaser from './exposes/NewsTeaser';

// The standalone page imports TanStack Query itself (shared/src/data/query-runtime.ts).
provideQueryRuntime(ReactQuery);
initI18n();

function ListRoute() {
  const { server = 'royal', page } = useParams();
  return <NewsList server={server as ServerCode} page={page && /^[1-9]\d*$/.test(page) ? Number(page) : 1} />;
}
function ArticleRoute() {
  const { server = 'royal', slug = '' } = useParams();
  return <NewsArticle server={server as ServerCode} slug={slug} />;
}

createRoot(document.getElementById('root')!).render(
  <DataProvider>
    <>
      <HashRouter>
        <Routes>
          <Route
            path="/"
            element={
              <main className="ui-container" style={{ padding: '32px 20px' }}>
                <NewsTeaser server="royal" />
              </main>
            }
          />
          <Route path="/:server/news" element={<ListRoute />} />
          <Route path="/:server/news/list/:page" element={<ListRoute />} />
          <Route path="/:server/news/:slug" element={<ArticleRoute />} />
          <Route path="*" element={<Navigate to="/royal/news" replace />} />
        </Routes>
      </HashRouter>
      <ToastContainer position="bottom-right" />
    </>
  </DataProvider>,
);
