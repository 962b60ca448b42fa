/**
 * Exposed module `mf_leaderboard/Leaderboard` (contract: `LeaderboardProps` in @landing/shared).
 * `contractMajor` is a build-time literal checked against the shared contract table.
 */
import type { ComponentType } from 'react';
import type { CONTRACT_MAJOR, LeaderboardProps } from '@landing/shared';
import { Leaderboard } from '../components/Leaderboard';

export const contractMajor: (typeof CONTRACT_MAJOR)['mf_leaderboard'] = 1;
const Exposed: ComponentType<LeaderboardProps> = Leaderboard;
export default Exposed;
