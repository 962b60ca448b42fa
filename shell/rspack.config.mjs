import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rspack } from '@rspack/core';
import { createAppConfig } from '@landing/shared/build/rspack.mjs';

const dir = dirname(fileURLToPath(import.meta.url));

/** The shell (Module Federation host). Remotes are not listed here: they come from remotes.json at run time. */
export default createAppConfig({
  dir,
  kind: 'host',
  name: 'shell',
  title: 'Football Team',
  devPort: 3000,
  pluginsExtra: [
    new rspack.CopyRspackPlugin({ patterns: [{ from: join(dir, 'public'), to: '.' }] }),
  ],
});
