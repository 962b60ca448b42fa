import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAppConfig } from '@landing/shared/build/rspack.mjs';

/**
 * mf-auth remote: login, registration, password recovery and new password, activation pages,
 * new-device (two-factor) dialog, social popup login and its callback page (spec §2–§8).
 */
export default createAppConfig({
  dir: dirname(fileURLToPath(import.meta.url)),
  kind: 'remote',
  name: 'mf_auth',
  title: 'mf-auth (standalone)',
  devPort: 3001,
  exposes: {
    './AuthModal': './src/exposes/AuthModal.tsx',
    './TwoFactorDialog': './src/exposes/TwoFactorDialog.tsx',
    './JoinPage': './src/exposes/JoinPage.tsx',
    './ActivationPage': './src/exposes/ActivationPage.tsx',
    './SocialCallback': './src/exposes/SocialCallback.tsx',
  },
});
