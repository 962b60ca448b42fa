/**
 * Sound of the site (spec §7 audio, §8 audio errors, §9 sound constants) over howler.js.
 *
 * - Files: `GET {cdn}/{music|sounds}/{name}{ext}` with `ext` `.mp3` on iOS and `.ogg` elsewhere;
 *   `cdn` is the runtime `cdnBase` (never baked into a build).
 * - Effects play at volume 0.05; music loops and fades 0 → 0.05 in 500 ms, and back to 0 when
 *   stopped.
 * - The shell installs {@link installClickSound}: `FX_Click_Basic` on every `a` and `button`.
 * - Settings (muted, music on) persist in localStorage; {@link subscribeSound} notifies the UI.
 * - A file that fails (HTTP status, decoding) is reported once per file as an error toast and a
 *   console warning, never thrown: the page keeps working without that sound.
 *
 * Remotes use it through the shared singleton, e.g. `playSound('FX_Lock')` on a locked poll option.
 */
import type { Howl } from 'howler';
import { SOUND, TIMINGS } from './config';
import { getRuntimeConfig } from './runtime-config';
import { i18n } from './i18n';
import { notifyError } from './ui/toast';

/** Folder on the content host: `music` (looped tracks) or `sounds` (short effects). */
export type SoundKind = 'music' | 'sounds';

/** Effect names shipped with the shell (shell/public/cdn/sounds). */
export type SoundName = 'FX_Click_Basic' | 'FX_Lock' | 'FX_Success' | 'FX_Error' | (string & {});

/** Persisted sound preferences. */
export interface SoundSettings {
  /** Every sound (effects and music) is off. */
  muted: boolean;
  /** The visitor turned the background music on (default off: no surprise music). */
  music: boolean;
}

/** localStorage keys of {@link SoundSettings}. */
export const SOUND_STORAGE_KEYS = { muted: 'landing-sound-muted', music: 'landing-sound-music' } as const;

/** Default name of the site's music track (shell/public/cdn/music). */
export const DEFAULT_MUSIC = 'Landing_Theme';

/**
 * True on iPhone, iPad and iPod browsers (also iPadOS, which reports a Mac agent with touch).
 * @param ua user agent string; `maxTouchPoints` distinguishes iPadOS from a Mac
 */
export function isIOS(
  ua: string = globalThis.navigator?.userAgent ?? '',
  maxTouchPoints: number = globalThis.navigator?.maxTouchPoints ?? 0,
): boolean {
  if (/iPad|iPhone|iPod/.test(ua)) return true;
  return /Macintosh/.test(ua) && maxTouchPoints > 1;
}

/** File extension of audio for this browser (spec §7): `.mp3` on iOS, `.ogg` otherwise. */
export function audioExtension(ios: boolean = isIOS()): '.mp3' | '.ogg' {
  return ios ? '.mp3' : '.ogg';
}

/**
 * URL of an audio file (spec §7): `{cdn}/{kind}/{name}{ext}`.
 * @param cdnBase content host, default the runtime `cdnBase` (e.g. `http://localhost:3000/cdn`)
 */
export function soundUrl(
  name: string,
  kind: SoundKind = 'sounds',
  cdnBase: string = getRuntimeConfig().cdnBase,
  ios: boolean = isIOS(),
): string {
  return `${cdnBase.replace(/\/+$/, '')}/${kind}/${encodeURIComponent(name)}${audioExtension(ios)}`;
}

function readFlag(key: string, fallback: boolean): boolean {
  try {
    const v = globalThis.localStorage?.getItem(key);
    return v === null || v === undefined ? fallback : v === '1';
  } catch {
    return fallback;
  }
}

function writeFlag(key: string, value: boolean): void {
  try {
    globalThis.localStorage?.setItem(key, value ? '1' : '0');
  } catch {
    /* private mode: the setting lasts for this page only */
  }
}

let settings: SoundSettings = { muted: readFlag(SOUND_STORAGE_KEYS.muted, false), music: readFlag(SOUND_STORAGE_KEYS.music, false) };
const listeners = new Set<() => void>();
/**
 * howler.js, loaded on first use (sound is never needed for the first paint: sound starts after
 * load). Null until {@link loadSoundEngine} has resolved.
 */
let engine: typeof import('howler') | null = null;
let engineLoading: Promise<typeof import('howler')> | null = null;

/**
 * Loads howler.js once (a separate chunk) and applies the persisted mute setting to it.
 * @returns resolves when sounds can play; rejects when the chunk cannot be loaded
 */
export function loadSoundEngine(): Promise<void> {
  engineLoading ??= import('howler').then((mod) => {
    engine = mod;
    mod.Howler.mute(settings.muted);
    return mod;
  });
  engineLoading.catch(() => (engineLoading = null));
  return engineLoading.then(() => undefined);
}

/** Runs `play` now when howler is there, else once it has loaded (never throws). */
function withEngine(play: (h: typeof import('howler')) => void): void {
  if (engine) return play(engine);
  loadSoundEngine().then(
    () => play(engine!),
    (error: unknown) => console.warn('[sound] the sound engine could not be loaded', error),
  );
}

const effects = new Map<string, Howl>();
const reported = new Set<string>();
let music: { name: string; howl: Howl } | null = null;

function emit(): void {
  for (const l of listeners) l();
}

/** Sound settings before anything is read from storage: what the server renders (unmuted, music off). */
export const DEFAULT_SOUND_SETTINGS: SoundSettings = Object.freeze({ muted: false, music: false });

/** Current sound settings (a stable object until the next change, for `useSyncExternalStore`). */
export function getSoundSettings(): SoundSettings {
  return settings;
}

/** Subscribes to setting changes; returns the unsubscribe function. */
export function subscribeSound(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Mutes or unmutes every sound (persisted). Muting stops the music; unmuting restarts it when
 * the music preference is on.
 */
export function setMuted(muted: boolean): void {
  settings = { ...settings, muted };
  writeFlag(SOUND_STORAGE_KEYS.muted, muted);
  engine?.Howler.mute(muted);
  if (muted) stopMusic();
  else if (settings.music) playMusic();
  emit();
}

/**
 * Turns the background music preference on or off (persisted) and starts or stops `track`
 * accordingly (start only when not muted).
 */
export function setMusicEnabled(on: boolean, track: string = DEFAULT_MUSIC): void {
  settings = { ...settings, music: on };
  writeFlag(SOUND_STORAGE_KEYS.music, on);
  if (on && !settings.muted) playMusic(track);
  if (!on) stopMusic();
  emit();
}

/**
 * Reports a failed audio file once (spec §8 audio errors): howler's 'Failed loading audio file
 * with status: N.' and 'Decoding audio data failed.' become translated toasts.
 */
export function reportAudioError(url: string, error: unknown): void {
  if (reported.has(url)) return;
  reported.add(url);
  const text = String(error ?? '');
  const status = /status:?\s*(\d+)/i.exec(text)?.[1];
  const message = /decod/i.test(text)
    ? i18n.t('common:errors.AUDIO_DECODE')
    : i18n.t('common:errors.AUDIO_LOAD', { status: status ?? '0' });
  console.warn(`[sound] ${url}: ${text}`);
  notifyError(message);
}

function load(howler: typeof import('howler'), url: string, options: { loop?: boolean; volume: number }): Howl {
  const howl = new howler.Howl({
    src: [url],
    preload: true,
    loop: options.loop ?? false,
    volume: options.volume,
    onloaderror: (_id, error) => {
      effects.delete(url); // a later play tries again
      reportAudioError(url, error);
    },
    onplayerror: (_id, error) => {
      // Autoplay not yet allowed: howler plays it once the page is unlocked by a gesture.
      if (!/unlock|interact|gesture|NotAllowed/i.test(String(error))) reportAudioError(url, error);
    },
  });
  return howl;
}

/**
 * Plays a short effect, e.g. `playSound('FX_Lock')`, at the default volume 0.05 (spec §9).
 * Does nothing (and loads nothing) while muted. Never throws.
 */
export function playSound(name: SoundName, options: { volume?: number } = {}): void {
  if (settings.muted) return;
  withEngine((howler) => {
    try {
      const url = soundUrl(name, 'sounds');
      let howl = effects.get(url);
      if (!howl) {
        howl = load(howler, url, { volume: SOUND.volume });
        effects.set(url, howl);
      }
      const id = howl.play();
      if (options.volume !== undefined) howl.volume(options.volume, id);
    } catch (error) {
      console.warn('[sound] playSound failed', error);
    }
  });
}

/**
 * Starts looping music `name`, fading 0 → 0.05 in 500 ms (spec §9). A different track playing
 * is faded out first; the same track keeps playing. Does nothing while muted.
 */
export function playMusic(name: string = DEFAULT_MUSIC): void {
  if (settings.muted) return;
  withEngine((howler) => {
    if (settings.muted || (music?.name === name && music.howl.playing())) return;
    stopMusic();
    try {
      const howl = load(howler, soundUrl(name, 'music'), { loop: true, volume: 0 });
      music = { name, howl };
      const id = howl.play();
      howl.fade(0, SOUND.volume, TIMINGS.musicFadeMs, id);
    } catch (error) {
      console.warn('[sound] playMusic failed', error);
    }
  });
}

/** Fades the music 0.05 → 0 in 500 ms (spec §9), then stops and unloads it. */
export function stopMusic(): void {
  const current = music;
  if (!current) return;
  music = null;
  const { howl } = current;
  if (!howl.playing()) {
    howl.unload();
    return;
  }
  howl.once('fade', () => howl.unload());
  howl.fade(howl.volume() as number, 0, TIMINGS.musicFadeMs);
}

/** Name of the track playing now, or null. */
export function currentMusic(): string | null {
  return music?.name ?? null;
}

/**
 * Plays `FX_Click_Basic` (spec §9) on a click of any `a` or `button` inside `root` (capture
 * phase, so it also works where handlers stop propagation). Disabled buttons and elements with
 * `data-no-click-sound` stay silent. Returns the uninstall function.
 */
export function installClickSound(root: Document | HTMLElement = document, name: SoundName = SOUND.clickSound): () => void {
  const onClick = (event: Event) => {
    const target = event.target instanceof Element ? event.target : null;
    const el = target?.closest('a, button');
    if (!el || el.closest('[data-no-click-sound]')) return;
    if (el instanceof HTMLButtonElement && el.disabled) return;
    playSound(name);
  };
  root.addEventListener('click', onClick, true);
  return () => root.removeEventListener('click', onClick, true);
}

/** Applies the persisted mute setting to howler once it is loaded (see {@link loadSoundEngine}). */
export function initSound(): void {
  engine?.Howler.mute(settings.muted);
}

/** Test helper: forgets loaded sounds, reported errors and re-reads the persisted settings. */
export function resetSoundForTests(): void {
  for (const h of effects.values()) h.unload();
  effects.clear();
  reported.clear();
  music?.howl.unload();
  music = null;
  settings = { muted: readFlag(SOUND_STORAGE_KEYS.muted, false), music: readFlag(SOUND_STORAGE_KEYS.music, false) };
}
