/**
 * Exposed module `mf_news/NewsTeaser` (contract: `NewsTeaserProps` in @landing/shared).
 * `contractMajor` is a build-time literal checked against the shared contract table.
 */
import type { ComponentType } from 'react';
import type { CONTRACT_MAJOR, NewsTeaserProps } from '@landing/shared';
import { NewsTeaser } from '../components/NewsTeaser';

export const contractMajor: (typeof CONTRACT_MAJOR)['mf_news'] = 1;
const Exposed: ComponentType<NewsTeaserProps> = NewsTeaser;
export default Exposed;
