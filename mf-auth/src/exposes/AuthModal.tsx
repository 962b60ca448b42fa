/**
 * Exposed module `mf_auth/AuthModal` (contract: `AuthModalProps` in @landing/shared).
 * `contractMajor` is a build-time literal checked against the shared contract table.
 */
import type { ComponentType } from 'react';
import '../styles/index.css';
import type { AuthModalProps, CONTRACT_MAJOR } from '@landing/shared';
import { AuthModal } from '../components/AuthModal';

export const contractMajor: (typeof CONTRACT_MAJOR)['mf_auth'] = 1;
const Exposed: ComponentType<AuthModalProps> = AuthModal;
export default Exposed;
