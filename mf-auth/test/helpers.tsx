import './polyfills';
/** Test helpers of mf-auth: router wrapper, API answers, axios-like errors. */
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { AxiosError, AxiosHeaders } from 'axios';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { initI18n, landingStore } from '@landing/shared';
import { withQueryClient } from '@landing/shared/testing';
import '../src/i18n';

initI18n('en');

/**
 * Renders `ui` inside a router at `path` and a fresh query cache; the current path is shown in
 * `data-testid="path"`.
 */
export function renderAt(ui: ReactElement, path = '/royal') {
  function Where() {
    return <span data-testid="path">{useLocation().pathname}</span>;
  }
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route
          path="*"
          element={
            <>
              {ui}
              <Where />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
    { wrapper: withQueryClient() },
  );
}

/** An AxiosError as the shared client rethrows it. */
export function apiError(status: number, data: Record<string, unknown>): AxiosError {
  const config = { headers: new AxiosHeaders() };
  return new AxiosError('Request failed', 'ERR_BAD_REQUEST', config, null, { status, statusText: '', headers: {}, config, data });
}

export { loginAnswer } from './fixtures';

export function resetStore() {
  landingStore.setState({
    userData: null,
    authActiveTab: 'register',
    isLoginWithRedirect: true,
    userLoginOnce: false,
    availableRegisterParams: {},
    modals: { contactModal: false, authForm: false, twoFactorAuth: false },
    selectedServer: 'royal',
  });
  localStorage.clear();
  sessionStorage.clear();
  for (const c of document.cookie.split(';')) {
    const name = c.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}
