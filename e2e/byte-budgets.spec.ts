/**
 * First-load JavaScript of the five landing pages stays within its budget (scripts/lib/byte-budgets.mjs,
 * measured as scripts/lib/first-load.mjs does for scripts/size-report.mjs: gzip -6 bytes of every
 * script until the page settles, cold cache). Bytes vary only by the shell's after-load chunk,
 * which loads after the page's load (the budgets leave room for it); a page whose server
 * sent a slot as its fallback (a busy machine) loads other code, so it is measured again.
 */
import { expect, test } from '@playwright/test';
import { FIRST_LOAD_BUDGETS_KIB } from '../scripts/lib/byte-budgets.mjs';
import { measureFirstLoad } from '../scripts/lib/first-load.mjs';
import { SINGLE } from './news-helpers';

const SHELL_PATHS: Record<keyof typeof FIRST_LOAD_BUDGETS_KIB, string> = {
  '/royal': '/royal',
  '/royal/news': '/royal/news',
  '/royal/news/{article}': `/royal/news/${SINGLE}`,
  '/royal/bets': '/royal/bets',
  '/royal/join': '/royal/join',
};

test.describe('first-load JavaScript budgets', () => {
  test.setTimeout(120_000);
  for (const [page, budget] of Object.entries(FIRST_LOAD_BUDGETS_KIB) as Array<[keyof typeof FIRST_LOAD_BUDGETS_KIB, number]>) {
    test(`${page}: at most ${budget} KiB gzip`, async ({ browser, baseURL }) => {
      const url = `${baseURL}${SHELL_PATHS[page]}`;
      let measured = await measureFirstLoad(browser, url);
      for (let i = 0; i < 3 && measured.slots.some((s) => s.includes('fallback')); i++) measured = await measureFirstLoad(browser, url);
      expect(
        measured.slots.filter((s) => s.includes('fallback')),
        'every slot rendered by the server',
      ).toEqual([]);
      const kib = measured.jsGzip / 1024;
      expect(kib, measured.scripts.map((s) => `${(s.gzip / 1024).toFixed(1)} KiB ${s.url}`).join('\n')).toBeLessThanOrEqual(budget);
    });
  }
});
