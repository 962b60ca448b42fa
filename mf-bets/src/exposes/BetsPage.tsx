/**
 * Exposed module `mf_bets/BetsPage` (contract: `BetsPageProps` in @landing/shared).
 * `contractMajor` is a build-time literal checked against the shared contract table.
 */
import type { ComponentType } from 'react';
import type { BetsPageProps, CONTRACT_MAJOR } from '@landing/shared';
import { BetsPage } from '../components/BetsPage';

export const contractMajor: (typeof CONTRACT_MAJOR)['mf_bets'] = 1;
const Exposed: ComponentType<BetsPageProps> = BetsPage;
export default Exposed;
