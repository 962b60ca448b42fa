/**
 * Starts the site's sound (spec §9): the persisted mute setting, the FX_Click_Basic click on
 * every `a` and `button`, and, when the visitor turned music on in an earlier visit, the music
 * from the first interaction (browsers do not allow audio before one).
 */
import { DEFAULT_MUSIC, getSoundSettings, installClickSound, loadSoundEngine, playMusic } from '@landing/shared';

/** Call once at start; returns the function that removes the listeners. */
export function startSound(doc: Document = document): () => void {
  // howler.js is its own chunk, loaded at the visitor's first pointer or key press (which comes
  // before the click it sounds): evaluating it sets up Web Audio, a long task that a phone need
  // not run for a visitor who only reads (Total Blocking Time, docs/PERFORMANCE.md).
  const loadEngine = () => {
    doc.removeEventListener('pointerdown', loadEngine, true);
    doc.removeEventListener('keydown', loadEngine, true);
    if (!getSoundSettings().muted) loadSoundEngine().catch(() => undefined);
  };
  doc.addEventListener('pointerdown', loadEngine, true);
  doc.addEventListener('keydown', loadEngine, true);
  const uninstallClick = installClickSound(doc);
  const startMusic = () => {
    const { music, muted } = getSoundSettings();
    if (music && !muted) playMusic(DEFAULT_MUSIC);
    doc.removeEventListener('pointerdown', startMusic, true);
    doc.removeEventListener('keydown', startMusic, true);
  };
  if (getSoundSettings().music) {
    doc.addEventListener('pointerdown', startMusic, true);
    doc.addEventListener('keydown', startMusic, true);
  }
  return () => {
    uninstallClick();
    doc.removeEventListener('pointerdown', loadEngine, true);
    doc.removeEventListener('keydown', loadEngine, true);
    doc.removeEventListener('pointerdown', startMusic, true);
    doc.removeEventListener('keydown', startMusic, true);
  };
}
