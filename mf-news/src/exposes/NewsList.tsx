/**
 * Exposed module `mf_news/NewsList` (contract: `NewsListProps` in @landing/shared).
 * `contractMajor` is a build-time literal checked against the shared contract table.
 */
import type { ComponentType } from 'react';
import type { CONTRACT_MAJOR, NewsListProps } from '@landing/shared';
import { NewsList } from '../components/NewsList';

export const contractMajor: (typeof CONTRACT_MAJOR)['mf_news'] = 1;
const Exposed: ComponentType<NewsListProps> = NewsList;
export default Exposed;
