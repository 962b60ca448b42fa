import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAppConfig } from '@landing/shared/build/rspack.mjs';

/** mf-news remote: news list and paging, articles with comments and polls, home-page teaser (spec §1–§5). */
export default createAppConfig({
  dir: dirname(fileURLToPath(import.meta.url)),
  kind: 'remote',
  name: 'mf_news',
  title: 'mf-news (standalone)',
  devPort: 3002,
  exposes: {
    './NewsList': './src/exposes/NewsList.tsx',
    './NewsArticle': './src/exposes/NewsArticle.tsx',
    './NewsTeaser': './src/exposes/NewsTeaser.tsx',
  },
});
