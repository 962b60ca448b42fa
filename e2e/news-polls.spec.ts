/**
 * News polls end to end: single and multiple polls, a second vote, an ended poll, locked answers;
 * logged in through the real auth modal with the seeded demo accounts (news-helpers.ts).
 */
import { expect, test, type Page } from '@playwright/test';
import { apiBase, openPage } from './fixtures';
import { SINGLE, MULTIPLE, ENDED, toast, clickLocked, trustDemoDevice, logIn, type Poll } from './news-helpers';

trustDemoDevice();

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

  test("a visitor's article loads no form code until they act in the poll; the click made meanwhile is answered", async ({ page }) => {
    /** In react-hook-form's built code only. */
    const FORM_LIBRARY = 'shouldUnregister';
    const texts: Array<Promise<string>> = [];
    page.on('response', (res) => {
      if (new URL(res.url()).pathname.endsWith('.js')) texts.push(res.text().catch(() => ''));
    });
    const formCodeLoaded = async () => (await Promise.all(texts)).some((t) => t.includes(FORM_LIBRARY));
    await openPage(page, `/royal/news/${SINGLE}`);
    const poll = page.getByTestId('news-poll');
    await expect(poll.getByRole('radio')).toHaveCount(5); // the server's HTML
    await page.waitForTimeout(1000);
    expect(await formCodeLoaded()).toBe(false);
    await clickLocked(page, 3); // the poll's code loads now; the click is held, then answered
    await expect(toast(page, 'Users must be logged in to vote')).toBeVisible();
    await expect(poll.getByRole('radio').nth(3)).not.toBeChecked();
    expect(await formCodeLoaded()).toBe(true);
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
