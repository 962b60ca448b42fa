import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAppConfig } from '@landing/shared/build/rspack.mjs';

/** mf-leaderboard remote: Players / Teams tabs and weekly Top 3 prizes (spec §1). */
export default createAppConfig({
  dir: dirname(fileURLToPath(import.meta.url)),
  kind: 'remote',
  name: 'mf_leaderboard',
  title: 'mf-leaderboard (standalone)',
  devPort: 3004,
  exposes: { './Leaderboard': './src/exposes/Leaderboard.tsx' },
});
