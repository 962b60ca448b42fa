import { useCallback } from 'react';
import { landingStore, type ServerCode } from '@landing/shared';
import { deviceChallengeOf } from '../lib/api-errors';
import { setDeviceChallenge } from '../lib/device-challenge';

/**
 * Returns `(err) => boolean`: when `err` is a 403 UNAUTHORIZED_DEVICE answer of a login (spec §4;
 * password or social), keeps its challenge for the two-factor dialog, opens that dialog, closes
 * the auth modal and answers true; any other error answers false (the shared client toasted it).
 */
export function useStartTwoFactor(server: ServerCode) {
  return useCallback(
    (err: unknown): boolean => {
      const device = deviceChallengeOf(err);
      if (!device) return false;
      setDeviceChallenge({ server, ...device });
      const store = landingStore.getState();
      store.openModal('twoFactorAuth');
      store.closeModal('authForm');
      return true;
    },
    [server],
  );
}
