/**
 * Exposed module `mf_news/NewsArticle` (contract: `NewsArticleProps` in @landing/shared).
 * `contractMajor` is a build-time literal checked against the shared contract table.
 */
import type { ComponentType } from 'react';
import type { CONTRACT_MAJOR, NewsArticleProps } from '@landing/shared';
import { NewsArticle } from '../components/NewsArticle';

export const contractMajor: (typeof CONTRACT_MAJOR)['mf_news'] = 1;
const Exposed: ComponentType<NewsArticleProps> = NewsArticle;
export default Exposed;
