/**
 * Bets end to end: a visitor sees the matches and the log-in message; a player logs in
 * (real auth modal of mf-auth, seeded demo account), predicts an upcoming match, reloads and sees
 * it, cannot change it after kick-off (the API's bets clock is moved with the admin route, as
 * ADMIN_SECRET of playwright.config.ts is given to the API), an entered result
 * scores it and the ranking updates; the `en` server has no bettors; Rules shows the points the
 * API scores with.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN_SECRET, apiBase, openPage, ports } from './fixtures';

const SHELL = `http://localhost:${ports.shell}`;
const ADMIN = { 'X-Admin-Secret': ADMIN_SECRET };
const DEMO_PASSWORD = 'Demo-Goal-2026';
/** Demo account of the auth seed (trusted device `demo-device`). */
const PLAYER = 'demo_legend';

interface ApiMatch {
  id: number;
  kickoff_at: string;
  status: 'open' | 'locked' | 'finished';
  home: { code: string; name: string };
  away: { code: string; name: string };
}
interface ApiTournament {
  code: string;
  scoring: { exact: number; goal_difference: number; outcome: number };
}

async function worldCupMatches(request: APIRequestContext): Promise<ApiMatch[]> {
  const res = await request.get(`${apiBase('royal')}/bets/tournaments/world-cup/matches`);
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as { stages: Array<{ matches: ApiMatch[] }> };
  return body.stages.flatMap((s) => s.matches);
}

/** Moves the API's bets clock (admin route, outside production only). */
async function setClock(request: APIRequestContext, body: { now: string } | { reset: true }): Promise<void> {
  const res = await request.post(`http://localhost:${ports.api}/admin/bets/clock`, { headers: ADMIN, data: body });
  expect(res.status(), await res.text()).toBe(200);
}

async function logInFromMessage(page: Page, card: ReturnType<Page['getByTestId']>): Promise<void> {
  await card.getByRole('alert').getByRole('button', { name: 'Log in' }).click();
  const modal = page.getByTestId('auth-modal');
  await expect(modal).toBeVisible();
  await modal.getByTestId('login-name').fill(PLAYER);
  await modal.getByTestId('login-password').fill(DEMO_PASSWORD);
  await modal.getByTestId('login-submit').click();
  await expect(modal).toBeHidden();
}

test.beforeEach(async ({ context }) => {
  await context.addCookies([
    { name: 'FT-fingerprint', value: 'demo-device', url: SHELL },
    { name: 'cookie_consent', value: 'necessary', url: SHELL },
  ]);
  await context.addInitScript(() => localStorage.setItem('landing-age-notice', '1'));
});

test.afterEach(async ({ page, request }) => {
  // A route handler still fetching a script when its test ends would reject: dropped first.
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await setClock(request, { reset: true });
});

test('a visitor sees the matches grouped with flags and is told to log in to predict', async ({ page, request }) => {
  const all = await worldCupMatches(request);
  const open = all.find((m) => m.status === 'open')!;
  await openPage(page, '/royal/bets');
  await expect(page.getByRole('heading', { level: 1, name: 'World Cup' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Group A' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Group H' })).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(all.length);
  await expect(page.locator('.bt-flag--img').first()).toBeVisible();

  const card = page.getByTestId(`match-${open.id}`);
  await expect(card.getByRole('textbox', { name: /^Goals of / })).toHaveCount(2);
  await card.getByRole('textbox').nth(0).fill('1');
  await card.getByRole('textbox').nth(1).fill('0');
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(card.getByRole('alert')).toHaveText(/Users must be logged in to predict results/);
  await card.getByRole('alert').getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByTestId('auth-modal')).toBeVisible();

  // Euro 2024 is one click away and finished, with its real final.
  await page.keyboard.press('Escape');
  await page
    .getByRole('navigation', { name: 'Tournaments' })
    .getByRole('link', { name: /Euro 2024/ })
    .click();
  await expect(page).toHaveURL(/\/royal\/bets\?tournament=euro-2024$/);
  const final = page.getByTestId('block-final');
  await expect(final.getByText('2–1')).toBeVisible();
  await expect(final.getByText('Spain')).toBeVisible();
});

test("a visitor's page loads no form code; typing in a match loads it, and a Save pressed before it is in is done then", async ({
  page,
  request,
}) => {
  const open = (await worldCupMatches(request)).find((m) => m.status === 'open')!;
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(String(e)));
  // The score form's chunk (mf-bets MatchForm, the only code with the toast of a saved
  // prediction) is held until released, to act in the card before its code is in.
  const FORM_CODE = 'match.savedToast';
  /** In react-hook-form's built code only. */
  const FORM_LIBRARY = 'shouldUnregister';
  const texts: string[] = [];
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let requested = false;
  await page.route(/\.js$/, async (route) => {
    const res = await route.fetch().catch(() => null);
    if (res === null) return route.continue().catch(() => undefined);
    const body = await res.text().catch(() => null);
    if (body === null) return route.continue().catch(() => undefined);
    texts.push(body);
    if (body.includes(FORM_CODE)) {
      requested = true;
      await held;
    }
    await route.fulfill({ response: res, body });
  });
  await openPage(page, '/royal/bets');
  const card = page.getByTestId(`match-${open.id}`);
  await expect(card.getByRole('textbox')).toHaveCount(2); // the server's HTML
  await page.waitForTimeout(1000);
  expect(requested).toBe(false);
  expect(texts.some((t) => t.includes(FORM_LIBRARY))).toBe(false);

  await card.getByRole('textbox').nth(0).fill('2');
  await expect.poll(() => requested).toBe(true);
  await card.getByRole('textbox').nth(1).fill('1');
  await card.getByRole('button', { name: 'Save' }).click();
  await page.waitForTimeout(300);
  await expect(page).toHaveURL(/\/royal\/bets$/); // not submitted by the browser
  await expect(card.getByRole('alert')).toHaveCount(0);

  release();
  await expect(card.getByRole('alert')).toHaveText(/Users must be logged in to predict results/);
  await expect(card.getByRole('textbox').nth(0)).toHaveValue('2');
  await expect(card.getByRole('textbox').nth(1)).toHaveValue('1');
  expect(texts.some((t) => t.includes(FORM_LIBRARY))).toBe(true);
  expect(problems).toEqual([]);
});

test('a player predicts, sees it after a reload, is locked out after kick-off, and the result scores it', async ({ page, request }) => {
  const tournament = (
    (await (await request.get(`${apiBase('royal')}/bets/tournaments`)).json()) as { tournaments: ApiTournament[] }
  ).tournaments.find((t) => t.code === 'world-cup')!;
  const open = (await worldCupMatches(request)).filter((m) => m.status === 'open');
  const match = open.at(-1)!; // the last kick-off: far from the real clock
  const card = page.getByTestId(`match-${match.id}`);
  // Labels read "Goals of <team>" with the team's localised (CLDR) name: address the inputs by order.
  const home = () => card.getByRole('textbox').nth(0);
  const away = () => card.getByRole('textbox').nth(1);

  await openPage(page, '/royal/bets');
  // A visitor tries, then logs in from the message; what was typed stays.
  await home().fill('2');
  await away().fill('1');
  await card.getByRole('button', { name: 'Save' }).click();
  await logInFromMessage(page, card);
  await expect(page.getByTestId('my-summary')).toBeVisible();
  await expect(card.getByRole('alert')).toHaveCount(0);
  await expect(home()).toHaveValue('2');

  // Bad input: a clear message, nothing sent.
  await away().fill('-1');
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(card.getByRole('alert')).toHaveText('Enter a whole number from 0 to 20 for both teams.');
  await away().fill('1');
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('.Toastify').getByText(/Prediction saved/)).toBeVisible();
  await expect(card.getByTestId('saved-prediction')).toHaveText('Your prediction: 2–1');

  const pointsBefore = Number(await page.getByTestId('my-points').textContent());

  // Reload: the prediction is still there.
  await page.reload();
  await expect(card.getByTestId('saved-prediction')).toHaveText('Your prediction: 2–1');
  await expect(home()).toHaveValue('2');

  // Kick-off passes on the server clock while the page is open: the API refuses the change.
  await setClock(request, { now: new Date(new Date(match.kickoff_at).getTime() + 60_000).toISOString() });
  await home().fill('4');
  await card.getByRole('button', { name: 'Update' }).click();
  await expect(card.getByRole('alert')).toHaveText('Predictions for this match are closed: it has already kicked off.');
  await expect(card).toHaveAttribute('data-status', 'locked');
  await expect(card.getByTestId('saved-prediction')).toContainText('Your prediction: 2–1');
  await page.reload();
  await expect(card).toHaveAttribute('data-status', 'locked');
  await expect(card.getByText('Waiting for the final result')).toBeVisible();
  await expect(home()).toHaveCount(0);

  // The result is entered: the prediction (exact) is scored and the ranking updates.
  const result = await request.post(`http://localhost:${ports.api}/admin/bets/matches/${match.id}/result`, {
    headers: ADMIN,
    data: { home_score: 2, away_score: 1 },
  });
  expect(result.status(), await result.text()).toBe(200);
  await page.reload();
  // The reader goes to the card: a stage far below the fold hydrates, and shows its player's parts,
  // when it comes near the viewport (HydrateOnVisible); the browser's scroll restoration may or may
  // not have brought it there already.
  await card.scrollIntoViewIfNeeded();
  await expect(card).toHaveAttribute('data-status', 'finished');
  await expect(card.getByText('2–1', { exact: true })).toBeVisible();
  await expect(card.getByTestId('points')).toHaveText(`+${tournament.scoring.exact} points · Exact score`);
  await expect(page.getByTestId('my-points')).toHaveText(String(pointsBefore + tournament.scoring.exact));

  await page.getByRole('navigation', { name: 'Bets sections' }).getByRole('link', { name: 'Ranking' }).click();
  await expect(page).toHaveURL(/\/royal\/bets-ranking$/);
  const mine = page.getByTestId('ranking-me');
  await expect(mine).toContainText(PLAYER);
  await expect(mine).toContainText(String(pointsBefore + tournament.scoring.exact));
  await expect(mine).toHaveClass(/is-me/);
});

test("a server without bettors shows 'no bettors at the moment'", async ({ page }) => {
  await openPage(page, '/en/bets-ranking');
  await expect(page.getByTestId('ranking-empty')).toContainText('no bettors at the moment');
  await expect(page.getByRole('link', { name: 'Bets', exact: true })).toHaveClass(/is-active/);
  // The all-servers ranking is not empty.
  await page.getByRole('button', { name: 'All servers' }).click();
  await expect(page.getByTestId('ranking-table')).toBeVisible();
});

test('Rules shows the points the API scores with', async ({ page, request }) => {
  const { tournaments } = (await (await request.get(`${apiBase('royal')}/bets/tournaments`)).json()) as { tournaments: ApiTournament[] };
  const scoring = tournaments.find((t) => t.code === 'world-cup')!.scoring;
  await openPage(page, '/royal/bets-rules');
  await expect(page.getByTestId('points-exact')).toHaveText(`${scoring.exact} points`);
  await expect(page.getByTestId('points-goal_difference')).toHaveText(`${scoring.goal_difference} points`);
  await expect(page.getByTestId('points-outcome')).toHaveText(`${scoring.outcome} points`);
  await expect(page.getByTestId('points-miss')).toHaveText('0 points');
  await expect(page.getByText(/Europe\/Istanbul/)).toBeVisible();
});
