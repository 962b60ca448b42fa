/**
 * Ports of the local deployment (README "Ports"): the shell and every remote from the app
 * registry (shared/apps.mjs), plus the API and the local OAuth provider. Every port moves with
 * PORT_OFFSET so several copies can run side by side (e.g. e2e next to `npm start`); each can also
 * be set alone (SHELL_PORT, NEWS_PORT, … — `portEnvName` in shared/apps.mjs —, API_PORT,
 * OAUTH_MOCK_PORT).
 */
import { APPS, portOf } from '../shared/apps.mjs';

const offset = Number(process.env.PORT_OFFSET ?? 0);
const port = (name, base) => Number(process.env[name] ?? base + offset);

/** App name (`shell`, `mf_news`, …) → port, plus `api` and `oauth`. */
export const ports = {
  ...Object.fromEntries(APPS.map((app) => [app.name, portOf(app, { offset })])),
  api: port('API_PORT', 4000),
  /** Local OAuth provider for the social logins, outside production (mf-auth/scripts/oauth-mock.mjs). */
  // 4900 + offset: Chromium refuses some ports (5060 is SIP): the e2e offsets 100–700 avoid them.
  oauth: port('OAUTH_MOCK_PORT', 4900),
};
