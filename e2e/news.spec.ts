/**
 * News end to end: list → paging → article, unknown slug, comments (visitor, below the
 * OVR threshold, posting a comment and a reply, plain-text XSS), polls (single, multiple, second
 * vote, ended). Logged-in steps log in through the real auth modal (mf-auth, opened by mf-news
 * through the shared store) with the seeded demo accounts: demo (OVR 72), demo_rookie (OVR 42),
 * demo_legend (OVR 95); the FT-fingerprint cookie `demo-device` is their trusted device.
 */
import { expect, test, type Page } from '@playwright/test';
import { apiBase, openPage, ports } from './fixtures';

const DEMO_PASSWORD = 'Demo-Goal-2026';
const SHELL = `http://localhost:${ports.shell}`;
const SINGLE = 'poll-favourite-formation';
const MULTIPLE = 'poll-next-features';
const ENDED = 'poll-results-summer-event-pack';

type Card = { slug: string; title: string; published_at: string; comments_count: number };
type Poll = { id: number; options: Array<{ id: number; answer: string; votes: number; votes_percent: number }>; total_votes: number };

/** `dd-MM-yyyy HH:mm:ss` in a time zone (spec §9 default format). */
function serverDate(iso: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(iso));
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${part('day')}-${part('month')}-${part('year')} ${part('hour')}:${part('minute')}:${part('second')}`;
}

const toast = (page: Page, text: string | RegExp) => page.locator('.Toastify').getByText(text);

/**
 * Clicks a locked poll answer. Its input is `aria-disabled` (announced as unavailable, still
 * focusable and clickable, spec §4: the click plays the lock sound and shows the lock error), which
 * Playwright's actionability check refuses, hence `force`.
 */
const clickLocked = (page: Page, index: number) =>
  page.getByTestId('news-poll').getByTestId('poll-option').nth(index).click({ force: true });

test.beforeEach(async ({ context }) => {
  // The demo accounts' trusted device; cookie banner and age notice already answered.
  await context.addCookies([
    { name: 'FT-fingerprint', value: 'demo-device', url: SHELL },
    { name: 'cookie_consent', value: 'necessary', url: SHELL },
  ]);
  await context.addInitScript(() => localStorage.setItem('landing-age-notice', '1'));
});

/** Logs in through the auth modal that the news remote opens from its "Log in" button. */
async function logIn(page: Page, nickname: string, from: 'comments' | 'poll' = 'comments'): Promise<void> {
  await page
    .getByTestId(from === 'comments' ? 'comments' : 'news-poll')
    .getByRole('button', { name: 'Log in' })
    .click();
  const modal = page.getByTestId('auth-modal');
  await expect(modal).toBeVisible();
  await modal.getByTestId('login-name').fill(nickname);
  await modal.getByTestId('login-password').fill(DEMO_PASSWORD);
  await modal.getByTestId('login-submit').click();
  await expect(modal).toBeHidden();
}

test.describe('news list and article', () => {
  test('list → page 2 → article, with dates in the server time zone', async ({ page, request }) => {
    const p1 = (await (await request.get(`${apiBase('royal')}/news?page=1&per_page=9`)).json()) as { items: Card[]; total_pages: number };
    const p2 = (await (await request.get(`${apiBase('royal')}/news?page=2&per_page=9`)).json()) as { items: Card[] };
    expect(p1.total_pages).toBeGreaterThanOrEqual(2);

    await openPage(page, '/royal/news');
    await expect(page.getByRole('heading', { level: 1, name: 'News' })).toBeVisible();
    const cards = page.getByTestId('news-card');
    await expect(cards).toHaveCount(9);
    const first = cards.first();
    await expect(first.getByRole('heading', { name: p1.items[0]!.title })).toBeVisible();
    await expect(first.getByText(serverDate(p1.items[0]!.published_at, 'Europe/Istanbul'))).toBeVisible();
    await expect(first.getByText(`${p1.items[0]!.comments_count} comments`)).toBeVisible();
    // The generated SVG image really loads from the API.
    await expect.poll(() => first.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);

    await page.getByRole('navigation', { name: 'News pages' }).getByRole('link', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(/\/royal\/news\/list\/2$/);
    await expect(cards).toHaveCount(p2.items.length);
    await expect(cards.first().getByRole('heading', { name: p2.items[0]!.title })).toBeVisible();

    await cards.first().getByRole('link', { name: p2.items[0]!.title }).click();
    await expect(page).toHaveURL(new RegExp(`/royal/news/${p2.items[0]!.slug}$`));
    const article = page.getByTestId('news-article');
    await expect(article.getByRole('heading', { level: 1 })).toHaveText(p2.items[0]!.title);
    await expect(article.getByText(serverDate(p2.items[0]!.published_at, 'Europe/Istanbul'))).toBeVisible();
    await article.getByRole('link', { name: 'All news' }).click();
    await expect(page).toHaveURL(/\/royal\/news$/);
  });

  test('an unknown slug: HTTP 404 with the translated not-found state; toast when reached in the browser; link back; a page past the end', async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    // Loaded directly: the server answers 404 with the not-found state.
    const response = await page.goto('/royal/news/no-such-article');
    expect(response!.status()).toBe(404);
    await expect(page.getByTestId('news-not-found').getByRole('heading', { name: 'News not found' })).toBeVisible();
    // Reached in the browser: the shared client's 404 'NEWS NOT FOUND' toast (spec §8), then the state.
    await openPage(page, '/royal/news');
    await expect(page.getByTestId('news-card').first()).toBeVisible();
    // a client-side navigation (as an old link in the page would do)
    await page.evaluate(() => {
      window.history.pushState({}, '', '/royal/news/still-no-such-article');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(toast(page, 'This news article does not exist')).toBeVisible();
    const box = page.getByTestId('news-not-found');
    await expect(box.getByRole('heading', { name: 'News not found' })).toBeVisible();
    await expect(page.getByTestId('footer')).toBeVisible();
    await box.getByRole('link', { name: 'All news' }).last().click();
    await expect(page).toHaveURL(/\/royal\/news$/);
    await expect(page.getByTestId('news-card').first()).toBeVisible();

    await openPage(page, '/royal/news/list/40');
    await expect(page.getByText('This page does not exist')).toBeVisible();
    await page.getByRole('link', { name: 'First page' }).click();
    await expect(page).toHaveURL(/\/royal\/news$/);
    expect(errors).toEqual([]);
  });

  test('the article follows the interface language (Polish), with the English fallback marked', async ({ page, context }) => {
    await context.addCookies([{ name: 'i18n_redirected', value: 'pl', url: SHELL }]);
    await openPage(page, '/royal/news/new-season-kicks-off');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nowy sezon startuje na serwerze Royal');
    await expect(page.getByText('Komentować mogą tylko zalogowani użytkownicy')).toBeVisible();
    await openPage(page, '/royal/news/better-on-your-phone');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Playing on your phone just got better');
    await expect(page.getByRole('note')).toContainText('po angielsku');
  });
});

test.describe('comments', () => {
  test('a visitor is asked to log in; the button opens the auth modal through the store', async ({ page }) => {
    await openPage(page, `/royal/news/${SINGLE}`);
    const comments = page.getByTestId('comments');
    await expect(comments.getByTestId('comment-lock')).toHaveText(/Users must be logged in to comment/);
    await expect(comments.getByRole('textbox')).toHaveCount(0);
    await comments.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByTestId('auth-modal')).toBeVisible();
  });

  test('below the OVR thresholds (demo_rookie, OVR 42): comment and vote messages', async ({ page }) => {
    await openPage(page, `/royal/news/${MULTIPLE}`);
    await logIn(page, 'demo_rookie');
    await expect(page).toHaveURL(new RegExp(`/royal/news/${MULTIPLE}$`)); // stays on the article
    await expect(page.getByTestId('comment-lock')).toHaveText('Only players with OVR higher than 45 can comment');
    const poll = page.getByTestId('news-poll');
    await expect(poll.getByTestId('poll-status')).toHaveText('Only players with minimum 60 OVR can vote');
    await expect(poll.getByRole('button', { name: 'Vote' })).toHaveCount(0);
    await clickLocked(page, 0);
    await expect(toast(page, 'Only players with minimum 60 OVR can vote')).toBeVisible();
    await expect(poll.getByRole('checkbox').first()).not.toBeChecked();
  });

  test('a logged-in player posts a comment and a reply; the count follows; text is kept on a short comment', async ({ page }) => {
    await openPage(page, '/royal/news/new-season-kicks-off');
    await logIn(page, 'demo');
    const comments = page.getByTestId('comments');
    const count = comments.getByTestId('comments-count');
    const before = Number(await count.getAttribute('data-count'));

    const box = comments.getByRole('textbox', { name: 'Your comment' });
    await box.fill('Too short');
    await comments.getByRole('button', { name: 'Post comment' }).click();
    await expect(comments.getByText('The comment must be at least 10 characters long')).toBeVisible();
    await expect(box).toHaveValue('Too short');

    const text = `Great start of the season! #${Date.now()}`;
    await box.fill(text);
    await comments.getByRole('button', { name: 'Post comment' }).click();
    const mine = comments.getByTestId('comment').filter({ hasText: text });
    await expect(mine).toBeVisible();
    await expect(comments.getByTestId('comment').first()).toContainText(text);
    await expect(mine.getByText('demo', { exact: true })).toBeVisible();
    await expect(count).toHaveAttribute('data-count', String(before + 1));
    await expect(count).toHaveText(`${before + 1} comments`);
    await expect(box).toHaveValue('');

    await mine.getByRole('button', { name: 'Reply' }).click();
    const reply = comments.getByRole('textbox', { name: 'Your reply to demo' });
    await expect(reply).toBeFocused();
    await reply.fill('Replying to my own comment here');
    await comments.getByRole('button', { name: 'Post reply' }).click();
    const thread = comments.locator('.news-comments__thread').filter({ hasText: text });
    await expect(thread.locator('.news-comments__replies').getByText('Replying to my own comment here')).toBeVisible();
    await expect(count).toHaveAttribute('data-count', String(before + 2));
    await expect(page.getByTestId('news-article').getByRole('link', { name: `${before + 2} comments` })).toBeVisible();

    // Stored: after a reload (session restored) both are there.
    await page.reload();
    await expect(page.getByTestId('comments').getByText(text)).toBeVisible();
    await expect(page.getByTestId('comments').getByText('Replying to my own comment here')).toBeVisible();
    await expect(page.getByTestId('comments-count')).toHaveAttribute('data-count', String(before + 2));
  });

  test('an XSS payload posted as a comment is shown as text and never runs', async ({ page }) => {
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await openPage(page, '/royal/news/match-engine-update');
    await logIn(page, 'demo');
    const payload = `<img src=x onerror="window.__xss=1;alert('xss')"><script>window.__xss=2;alert('xss')</script> ${Date.now()}`;
    const comments = page.getByTestId('comments');
    await comments.getByRole('textbox', { name: 'Your comment' }).fill(payload);
    await comments.getByRole('button', { name: 'Post comment' }).click();
    const text = comments.getByTestId('comment-text').filter({ hasText: payload });
    await expect(text).toHaveText(payload);
    await expect(text.locator('img, script')).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId('comment-text').filter({ hasText: payload })).toHaveText(payload);
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(dialogs).toEqual([]);
  });
});

test.describe('polls', () => {
  /** Percent shown in each answer's ring, in order. */
  const ringValues = (page: Page) =>
    page
      .getByTestId('news-poll')
      .getByRole('progressbar')
      .evaluateAll((rings) => rings.map((r) => Number(r.getAttribute('aria-valuenow'))));

  test('a visitor sees the login message; a locked answer gives the lock error', async ({ page }) => {
    await openPage(page, `/royal/news/${SINGLE}`);
    const poll = page.getByTestId('news-poll');
    await expect(poll.getByRole('radio')).toHaveCount(5);
    await expect(poll.getByTestId('poll-status')).toHaveText('Users must be logged in to vote');
    await clickLocked(page, 1);
    await expect(toast(page, 'Users must be logged in to vote')).toBeVisible();
    await expect(poll.getByRole('radio').nth(1)).not.toBeChecked();
  });

  test('single poll: vote → info toast → percentages update; a second vote is rejected', async ({ page, context, request }) => {
    await openPage(page, `/royal/news/${SINGLE}`);
    await logIn(page, 'demo', 'poll');
    const poll = page.getByTestId('news-poll');
    await expect(poll.getByRole('button', { name: 'Vote' })).toBeVisible();
    // A second tab of the same player, opened before the vote.
    const stale = await context.newPage();
    await stale.goto(`/royal/news/${SINGLE}`);
    await expect(stale.getByTestId('news-poll').getByRole('button', { name: 'Vote' })).toBeVisible();

    const before = (await (await request.get(`${apiBase('royal')}/news/${SINGLE}`)).json()).poll as Poll;
    await poll.getByTestId('poll-option').nth(2).click();
    await expect(poll.getByRole('radio').nth(2)).toBeChecked();
    await poll.getByRole('button', { name: 'Vote' }).click();
    await expect(toast(page, 'Thank you! Your vote has been counted.')).toBeVisible();
    await expect(poll.getByTestId('poll-status')).toHaveText('You have already voted in this poll');
    await expect(poll.getByTestId('poll-option').nth(2)).toContainText('Your choice');
    await expect(poll.getByText(`${before.total_votes + 1} votes`)).toBeVisible();
    const after = (await (await request.get(`${apiBase('royal')}/news/${SINGLE}`)).json()).poll as Poll;
    expect(after.options[2]!.votes).toBe(before.options[2]!.votes + 1);
    await expect.poll(() => ringValues(page)).toEqual(after.options.map((o) => o.votes_percent));
    expect(after.options.reduce((s, o) => s + o.votes_percent, 0)).toBe(100);

    // The stale tab tries again: 422 INVALID_VOTE is toasted and swallowed, the poll refreshes.
    const stalePoll = stale.getByTestId('news-poll');
    await stalePoll.getByTestId('poll-option').nth(0).click();
    await stalePoll.getByRole('button', { name: 'Vote' }).click();
    await expect(toast(stale, 'Your vote was not accepted')).toBeVisible();
    await expect(stalePoll.getByTestId('poll-status')).toHaveText('You have already voted in this poll');
    await expect(stalePoll.getByTestId('poll-option').nth(2)).toContainText('Your choice');
    const final = (await (await request.get(`${apiBase('royal')}/news/${SINGLE}`)).json()).poll as Poll;
    expect(final.total_votes).toBe(after.total_votes);
  });

  test('multiple poll: two answers → info toast → percentages update', async ({ page, request }) => {
    await openPage(page, `/royal/news/${MULTIPLE}`);
    await logIn(page, 'demo_legend', 'poll');
    const poll = page.getByTestId('news-poll');
    await expect(poll.getByRole('checkbox')).toHaveCount(5);
    const before = (await (await request.get(`${apiBase('royal')}/news/${MULTIPLE}`)).json()).poll as Poll;
    await poll.getByTestId('poll-option').nth(1).click();
    await poll.getByTestId('poll-option').nth(4).click();
    await poll.getByRole('button', { name: 'Vote' }).click();
    await expect(toast(page, 'Thank you! Your vote has been counted.')).toBeVisible();
    await expect(poll.getByTestId('poll-status')).toHaveText('You have already voted in this poll');
    await expect(poll.getByText('Your choice')).toHaveCount(2);
    const after = (await (await request.get(`${apiBase('royal')}/news/${MULTIPLE}`)).json()).poll as Poll;
    expect(after.total_votes).toBe(before.total_votes + 1);
    expect(after.options[1]!.votes).toBe(before.options[1]!.votes + 1);
    expect(after.options[4]!.votes).toBe(before.options[4]!.votes + 1);
    await expect.poll(() => ringValues(page)).toEqual(after.options.map((o) => o.votes_percent));
  });

  test('an ended poll shows its results and the closed message', async ({ page, request }) => {
    const { poll: api } = (await (await request.get(`${apiBase('royal')}/news/${ENDED}`)).json()) as { poll: Poll & { ended: boolean } };
    expect(api.ended).toBe(true);
    await openPage(page, `/royal/news/${ENDED}`);
    const poll = page.getByTestId('news-poll');
    await expect(poll.getByTestId('poll-status')).toHaveText('This poll is already closed');
    await expect(poll.getByText(/^Closed on \d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}$/)).toBeVisible();
    await expect(poll.getByRole('button', { name: 'Vote' })).toHaveCount(0);
    await expect.poll(() => ringValues(page)).toEqual(api.options.map((o) => o.votes_percent));
    await expect(poll.getByText('Leading')).toBeVisible();
    await clickLocked(page, 0);
    await expect(toast(page, 'This poll is already closed')).toBeVisible();
  });
});
