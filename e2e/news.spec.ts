/**
 * News end to end: list → paging → article, unknown slug, comments (visitor, below the
 * OVR threshold, posting a comment and a reply, plain-text XSS); polls: news-polls.spec.ts.
 * Logged-in steps log in through the real auth modal (mf-auth, opened by mf-news through the shared store) with the seeded demo accounts: demo (OVR 72), demo_rookie (OVR 42),
 * demo_legend (OVR 95); the FT-fingerprint cookie `demo-device` is their trusted device.
 */
import { expect, test } from '@playwright/test';
import { apiBase, openPage } from './fixtures';
import { SHELL, SINGLE, MULTIPLE, serverDate, toast, clickLocked, trustDemoDevice, logIn, type Card } from './news-helpers';

trustDemoDevice();

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
    // The pager is at the bottom; the next page starts at its top (the shell's scroll restoration).
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(cards).toHaveCount(p2.items.length);
    await expect(cards.first().getByRole('heading', { name: p2.items[0]!.title })).toBeVisible();

    await cards.first().getByRole('link', { name: p2.items[0]!.title }).click();
    await expect(page).toHaveURL(new RegExp(`/royal/news/${p2.items[0]!.slug}$`));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
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

  test('a link to the comments opens the article at them, clear of the sticky header', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openPage(page, `/royal/news/${SINGLE}#comments`);
    const heading = page.getByTestId('comments').getByRole('heading', { name: 'Comments' });
    const headerBottom = await page.getByTestId('header').evaluate((el) => el.getBoundingClientRect().bottom);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    // Where the scroll ends (the browser may still be moving to the fragment when it starts).
    const top = () => heading.evaluate((el) => el.getBoundingClientRect().top);
    await expect.poll(top).toBeLessThan(844 / 2);
    expect(await top()).toBeGreaterThanOrEqual(headerBottom);
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
