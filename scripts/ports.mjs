/**
 * Ports of the local deployment (README "Ports"). Every port moves with PORT_OFFSET so several
 * copies can run side by side (e.g. e2e next to `npm start`); each can also be set alone.
 */
const offset = Number(process.env.PORT_OFFSET ?? 0);
const port = (name, base) => Number(process.env[name] ?? base + offset);

export const ports = {
  shell: port('SHELL_PORT', 3000),
  mf_auth: port('AUTH_PORT', 3001),
  mf_news: port('NEWS_PORT', 3002),
  mf_bets: port('BETS_PORT', 3003),
  mf_leaderboard: port('LEADERBOARD_PORT', 3004),
  api: port('API_PORT', 4000),
  /** Local OAuth provider for the social logins, outside production (mf-auth/scripts/oauth-mock.mjs). */
  // 4900 + offset: Chromium refuses some ports (5060 is SIP): the e2e offsets 100–700 avoid them.
  oauth: port('OAUTH_MOCK_PORT', 4900),
};

/** Folder of each remote's package. */
export const remoteDirs = {
  mf_auth: 'mf-auth',
  mf_news: 'mf-news',
  mf_bets: 'mf-bets',
  mf_leaderboard: 'mf-leaderboard',
};
