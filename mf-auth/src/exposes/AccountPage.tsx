/**
 * Exposed module `mf_auth/AccountPage` (contract: `AccountPageProps` in @landing/shared).
 * `contractMajor` is a build-time literal checked against the shared contract table.
 */
import type { ComponentType } from 'react';
import '../styles/index.css';
import type { CONTRACT_MAJOR, AccountPageProps } from '@landing/shared';
import { AccountPage } from '../components/AccountPage';

export const contractMajor: (typeof CONTRACT_MAJOR)['mf_auth'] = 1;
const Exposed: ComponentType<AccountPageProps> = AccountPage;
export default Exposed;
