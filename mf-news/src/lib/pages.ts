/**
 * Paging of the news list (spec §2 routes): pure helpers of the Pagination component, in a module
 * of their own so the component's file exports only components (React Fast Refresh in dev).
 */

/** Path of a list page: page 1 is `/{server}/news`, others `/{server}/news/list/{page}` (spec §2). */
export function pagePath(server: string, page: number): string {
  return page <= 1 ? `/${server}/news` : `/${server}/news/list/${page}`;
}

/**
 * Page numbers to show: the first, the last, and the current page with one neighbour on each side;
 * gaps become `'gap'`. E.g. (5, 10) → [1, 'gap', 4, 5, 6, 'gap', 10].
 */
export function pageItems(current: number, total: number): Array<number | 'gap'> {
  const pages = new Set([1, total, current - 1, current, current + 1].filter((p) => p >= 1 && p <= total));
  const sorted = [...pages].sort((a, b) => a - b);
  const out: Array<number | 'gap'> = [];
  for (const [i, p] of sorted.entries()) {
    const prev = sorted[i - 1];
    if (prev !== undefined && p - prev === 2) out.push(prev + 1);
    else if (prev !== undefined && p - prev > 2) out.push('gap');
    out.push(p);
  }
  return out;
}
