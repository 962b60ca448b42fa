/**
 * Exposed module `mf_auth/TwoFactorDialog` (contract: `TwoFactorDialogProps` in @landing/shared).
 * `contractMajor` is a build-time literal checked against the shared contract table.
 */
import type { ComponentType } from 'react';
import '../styles/index.css';
import type { CONTRACT_MAJOR, TwoFactorDialogProps } from '@landing/shared';
import { TwoFactorDialog } from '../components/TwoFactorDialog';

export const contractMajor: (typeof CONTRACT_MAJOR)['mf_auth'] = 1;
const Exposed: ComponentType<TwoFactorDialogProps> = TwoFactorDialog;
export default Exposed;
