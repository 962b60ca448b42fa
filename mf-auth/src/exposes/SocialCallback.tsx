/**
 * Exposed module `mf_auth/SocialCallback` (contract: `SocialCallbackProps` in @landing/shared).
 * `contractMajor` is a build-time literal checked against the shared contract table.
 */
import type { ComponentType } from 'react';
import '../styles/index.css';
import type { CONTRACT_MAJOR, SocialCallbackProps } from '@landing/shared';
import { SocialCallback } from '../components/SocialCallback';

export const contractMajor: (typeof CONTRACT_MAJOR)['mf_auth'] = 1;
const Exposed: ComponentType<SocialCallbackProps> = SocialCallback;
export default Exposed;
