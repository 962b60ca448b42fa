/** Links of the bets page (spec §2 routes `/{server}/bets`, `/bets-ranking`, `/bets-rules`). */
import type { BetsPageProps } from '@landing/shared';

type Tab = BetsPageProps['tab'];
const TAB_PATH: Record<Tab, string> = { matches: 'bets', ranking: 'bets-ranking', rules: 'bets-rules' };

/** Path of a tab, keeping the chosen tournament in the query (deep links, spec §2). */
export function tabHref(server: string, tab: Tab, tournament: string | null): string {
  return `/${server}/${TAB_PATH[tab]}${tournament ? `?tournament=${encodeURIComponent(tournament)}` : ''}`;
}
