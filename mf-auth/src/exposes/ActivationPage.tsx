/**
 * Exposed module `mf_auth/ActivationPage` (contract: `ActivationPageProps` in @landing/shared).
 * `contractMajor` is a build-time literal checked against the shared contract table.
 */
import type { ComponentType } from 'react';
import '../styles/index.css';
import type { CONTRACT_MAJOR, ActivationPageProps } from '@landing/shared';
import { ActivationPage } from '../components/ActivationPage';

export const contractMajor: (typeof CONTRACT_MAJOR)['mf_auth'] = 1;
const Exposed: ComponentType<ActivationPageProps> = ActivationPage;
export default Exposed;
