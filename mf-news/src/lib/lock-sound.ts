/**
 * The sound of a locked poll option (spec §4 "clicking a locked option plays a sound"). One small
 * function so the remote depends on the site-wide sound module (shared `playSound`: CDN path
 * `{cdnBase}/sounds/{name}{ext}`, .mp3 on iOS else .ogg, volume 0.05, failures never thrown) in
 * one place only.
 */
import { playSound } from '@landing/shared';

/** Name of the lock effect on the content host. */
const LOCK_SOUND = 'FX_Lock';

/** Plays the lock effect; never throws. */
export function playLockSound(): void {
  playSound(LOCK_SOUND);
}
