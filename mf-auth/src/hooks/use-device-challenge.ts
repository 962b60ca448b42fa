import { useSyncExternalStore } from 'react';
import { getDeviceChallenge, subscribeDeviceChallenge, type DeviceChallenge } from '../lib/device-challenge';

/** The pending new-device challenge (spec §4) of `lib/device-challenge.ts`, re-rendering on change; null on the server. */
export function useDeviceChallenge(): DeviceChallenge | null {
  return useSyncExternalStore(subscribeDeviceChallenge, getDeviceChallenge, () => null);
}
