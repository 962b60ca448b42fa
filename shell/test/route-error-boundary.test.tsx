/**
 * A page that fails to render in the browser (its code cannot load) shows the error page of
 * spec §2 in place of its layout (shell/src/routing/RouteErrorBoundary.tsx), and the next
 * navigation renders the new page again.
 */
import './polyfills';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useNavigate, useParams, type NavigateFunction } from 'react-router';
import { initI18n, registerTranslationLoaders, setRuntimeConfig } from '@landing/shared';
import { loaders } from '../src/i18n';
import { RouteErrorBoundary } from '../src/routing/RouteErrorBoundary';

initI18n('en');
registerTranslationLoaders('shell', loaders);

let navigate: NavigateFunction;
/** A page whose code fails to load at `/{server}/broken`. */
function Page() {
  navigate = useNavigate();
  if (useParams().page === 'broken') throw new Error('Loading chunk 512 failed');
  return <p>The affiliate programme</p>;
}

test('the error page replaces a page that throws, until the reader goes to another page', async () => {
  setRuntimeConfig({ production: false });
  jest.spyOn(console, 'error').mockImplementation(() => {});
  render(
    <MemoryRouter initialEntries={['/royal/affiliate']}>
      <Routes>
        <Route
          path="/:server/:page"
          element={
            <RouteErrorBoundary>
              <Page />
            </RouteErrorBoundary>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
  expect(await screen.findByText('The affiliate programme')).toBeInTheDocument();
  act(() => navigate('/royal/broken'));
  expect(await screen.findByTestId('error-page')).toBeInTheDocument();
  expect(screen.getByTestId('raw-error')).toHaveTextContent('Error: Loading chunk 512 failed');
  act(() => navigate('/royal/affiliate'));
  expect(await screen.findByText('The affiliate programme')).toBeInTheDocument();
  expect(screen.queryByTestId('error-page')).toBeNull();
});
