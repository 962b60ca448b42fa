import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAppConfig } from '@landing/shared/build/rspack.mjs';

/** mf-bets remote: tournaments, Bet matches / Ranking / Rules tabs, predictions (spec §1). */
export default createAppConfig({
  dir: dirname(fileURLToPath(import.meta.url)),
  kind: 'remote',
  name: 'mf_bets',
  title: 'mf-bets (standalone)',
  devPort: 3003,
  exposes: { './BetsPage': './src/exposes/BetsPage.tsx' },
});
