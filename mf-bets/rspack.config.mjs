import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAppConfig } from '@landing/shared/build/rspack.mjs';

/**
 * mf-bets remote: tournaments, Bet matches / Ranking / Rules tabs, predictions (spec §1).
 * Name, port, exposes and contract major: its entry in the app registry (shared/apps.mjs).
 */
export default createAppConfig({ dir: dirname(fileURLToPath(import.meta.url)) });
