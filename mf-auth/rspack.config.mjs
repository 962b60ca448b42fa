import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAppConfig } from '@landing/shared/build/rspack.mjs';

/**
 * mf-auth remote: login, registration, password recovery and new password, activation pages,
 * new-device (two-factor) dialog, social popup login and its callback page (spec §2–§8).
 * Name, port, exposes and contract major: its entry in the app registry (shared/apps.mjs).
 */
export default createAppConfig({ dir: dirname(fileURLToPath(import.meta.url)) });
