/**
 * First-load JavaScript budgets of the five landing pages (docs/PERFORMANCE.md "Budgets"): gzip
 * -6 bytes of every script a first visit downloads until the page settles (./first-load.mjs).
 * Bytes vary between runs only by the shell's after-load chunk (3.2 KiB gzip: telemetry, install
 * offer, worker start-up; loaded after the page's load, sometimes outside the window):
 * e2e/byte-budgets.spec.ts fails when a page goes over its budget,
 * and scripts/size-report.mjs prints each page beside it. Lower a budget when a change makes a page
 * smaller; raise one only with the reason in docs/PERFORMANCE.md.
 */

/** Page path (the article is `/royal/news/{article}`) → budget in KiB (1,024 bytes) of gzip -6. */
export const FIRST_LOAD_BUDGETS_KIB = {
  '/royal': 140,
  '/royal/news': 180,
  '/royal/news/{article}': 180,
  '/royal/bets': 180,
  '/royal/join': 180,
};
