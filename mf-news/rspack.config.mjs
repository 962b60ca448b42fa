import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAppConfig } from '@landing/shared/build/rspack.mjs';

/**
 * mf-news remote: news list and paging, articles with comments and polls, home-page teaser (spec §1–§5).
 * Name, port, exposes and contract major: its entry in the app registry (shared/apps.mjs).
 */
export default createAppConfig({ dir: dirname(fileURLToPath(import.meta.url)) });
