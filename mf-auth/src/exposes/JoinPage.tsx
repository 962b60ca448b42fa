/**
 * Exposed module `mf_auth/JoinPage` (contract: `JoinPageProps` in @landing/shared).
 * `contractMajor` is a build-time literal checked against the shared contract table.
 */
import type { ComponentType } from 'react';
import '../styles/index.css';
import type { CONTRACT_MAJOR, JoinPageProps } from '@landing/shared';
import { JoinPage } from '../components/JoinPage';

export const contractMajor: (typeof CONTRACT_MAJOR)['mf_auth'] = 1;
const Exposed: ComponentType<JoinPageProps> = JoinPage;
export default Exposed;
