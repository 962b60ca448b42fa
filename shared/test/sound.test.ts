/**
 * Sound (spec §7, §8, §9): URLs per platform, volume 0.05, music fade 500 ms between 0 and 0.05,
 * the click sound on a and button, persisted mute, audio errors reported once without throwing.
 */
type Opts = { src: string[]; volume: number; loop: boolean; onloaderror?: (id: number, e: unknown) => void };
const created: FakeHowl[] = [];
class FakeHowl {
  opts: Opts;
  plays = 0;
  fades: Array<[number, number, number]> = [];
  isPlaying = false;
  vol: number;
  unloaded = false;
  onceHandlers: Record<string, () => void> = {};
  constructor(opts: Opts) {
    this.opts = opts;
    this.vol = opts.volume;
    created.push(this);
  }
  play() {
    this.plays++;
    this.isPlaying = true;
    return this.plays;
  }
  playing() {
    return this.isPlaying;
  }
  fade(from: number, to: number, ms: number) {
    this.fades.push([from, to, ms]);
    this.vol = to;
  }
  volume(v?: number) {
    if (v !== undefined) this.vol = v;
    return this.vol;
  }
  once(ev: string, fn: () => void) {
    this.onceHandlers[ev] = fn;
  }
  unload() {
    this.unloaded = true;
    this.isPlaying = false;
  }
}
const mute = jest.fn();
jest.mock('howler', () => ({ Howl: jest.fn((o: Opts) => new FakeHowl(o)), Howler: { mute: (m: boolean) => mute(m) } }));
const notifyError = jest.fn();
jest.mock('../src/ui/toast', () => ({ notifyError: (m: string) => notifyError(m) }));

import { changeLocale, initI18n } from '../src/i18n';
import { setRuntimeConfig } from '../src/runtime-config';
import {
  SOUND_STORAGE_KEYS,
  audioExtension,
  getSoundSettings,
  installClickSound,
  isIOS,
  loadSoundEngine,
  playMusic,
  playSound,
  reportAudioError,
  resetSoundForTests,
  setMuted,
  setMusicEnabled,
  soundUrl,
  stopMusic,
  subscribeSound,
} from '../src/sound';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const IPADOS = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/139.0 Safari/537.36';

beforeAll(async () => {
  initI18n();
  await loadSoundEngine(); // howler.js is a lazily loaded chunk in the app
});
beforeEach(() => {
  localStorage.clear();
  created.length = 0;
  mute.mockClear();
  notifyError.mockClear();
  setRuntimeConfig({ cdnBase: 'https://cdn.example.com/assets/' });
  resetSoundForTests();
});

test('a sound asked for before howler.js has loaded plays once it is there, with the persisted mute applied', async () => {
  localStorage.setItem(SOUND_STORAGE_KEYS.muted, '0');
  let fresh!: typeof import('../src/sound');
  jest.isolateModules(() => {
    fresh = jest.requireActual('../src/sound');
  });
  fresh.playSound('FX_Click_Basic');
  expect(created).toHaveLength(0); // nothing yet: the engine chunk is still loading
  await fresh.loadSoundEngine();
  await Promise.resolve();
  expect(created).toHaveLength(1);
  expect(created[0]!.plays).toBe(1);
  expect(mute).toHaveBeenCalledWith(false);
});

describe('URLs (spec §7)', () => {
  test('.mp3 on iPhone, iPad and iPadOS, .ogg elsewhere', () => {
    expect(isIOS(IPHONE, 5)).toBe(true);
    expect(isIOS(IPADOS, 5)).toBe(true);
    expect(isIOS(IPADOS, 0)).toBe(false); // a real Mac
    expect(isIOS(CHROME, 0)).toBe(false);
    expect(audioExtension(true)).toBe('.mp3');
    expect(audioExtension(false)).toBe('.ogg');
  });

  test('{cdn}/{music|sounds}/{name}{ext} from the runtime cdnBase', () => {
    expect(soundUrl('FX_Click_Basic', 'sounds', undefined, false)).toBe('https://cdn.example.com/assets/sounds/FX_Click_Basic.ogg');
    expect(soundUrl('Landing_Theme', 'music', undefined, true)).toBe('https://cdn.example.com/assets/music/Landing_Theme.mp3');
    expect(soundUrl('FX_Lock', 'sounds', 'http://localhost:3000/cdn', false)).toBe('http://localhost:3000/cdn/sounds/FX_Lock.ogg');
  });
});

describe('effects', () => {
  test('play at volume 0.05, one loaded sound per file', () => {
    playSound('FX_Lock');
    playSound('FX_Lock');
    expect(created).toHaveLength(1);
    expect(created[0]!.opts.src).toEqual(['https://cdn.example.com/assets/sounds/FX_Lock.ogg']);
    expect(created[0]!.opts.volume).toBe(0.05);
    expect(created[0]!.plays).toBe(2);
  });

  test('muted: nothing is loaded; the setting persists and notifies', () => {
    const listener = jest.fn();
    const off = subscribeSound(listener);
    setMuted(true);
    expect(mute).toHaveBeenLastCalledWith(true);
    expect(localStorage.getItem(SOUND_STORAGE_KEYS.muted)).toBe('1');
    expect(getSoundSettings().muted).toBe(true);
    expect(listener).toHaveBeenCalledTimes(1);
    playSound('FX_Click_Basic');
    expect(created).toHaveLength(0);
    resetSoundForTests(); // a new page load reads the stored value
    expect(getSoundSettings().muted).toBe(true);
    setMuted(false);
    off();
  });

  test('the click sound plays on a and button (also nested content), not on disabled buttons or other elements', () => {
    document.body.innerHTML = `
      <a href="#x" id="link"><span id="inner">Link</span></a>
      <button id="btn">OK</button>
      <button id="off" disabled>Off</button>
      <div id="div">text</div>
      <button id="quiet" data-no-click-sound>Quiet</button>`;
    const uninstall = installClickSound(document);
    const click = (id: string) => document.getElementById(id)!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    click('inner');
    click('btn');
    click('off');
    click('div');
    click('quiet');
    expect(created).toHaveLength(1);
    expect(created[0]!.opts.src[0]).toMatch(/\/sounds\/FX_Click_Basic\.ogg$/);
    expect(created[0]!.plays).toBe(2);
    uninstall();
    click('btn');
    expect(created[0]!.plays).toBe(2);
  });
});

describe('music (spec §9)', () => {
  test('fades 0 → 0.05 in 500 ms on start and 0.05 → 0 on stop, then unloads', () => {
    playMusic('Landing_Theme');
    const howl = created[0]!;
    expect(howl.opts.loop).toBe(true);
    expect(howl.opts.src[0]).toBe('https://cdn.example.com/assets/music/Landing_Theme.ogg');
    expect(howl.fades).toEqual([[0, 0.05, 500]]);
    playMusic('Landing_Theme'); // already playing: no second track
    expect(created).toHaveLength(1);
    stopMusic();
    expect(howl.fades[1]).toEqual([0.05, 0, 500]);
    expect(howl.unloaded).toBe(false);
    howl.onceHandlers.fade!();
    expect(howl.unloaded).toBe(true);
  });

  test('the music preference persists; muting stops the music and unmuting restarts it', () => {
    setMusicEnabled(true);
    expect(localStorage.getItem(SOUND_STORAGE_KEYS.music)).toBe('1');
    expect(created).toHaveLength(1);
    setMuted(true);
    expect(created[0]!.fades.at(-1)).toEqual([0.05, 0, 500]);
    setMuted(false);
    expect(created).toHaveLength(2);
    setMusicEnabled(false);
    expect(getSoundSettings().music).toBe(false);
  });
});

describe('audio errors (spec §8)', () => {
  test('a failed load is reported once per file with the translated status message, never thrown', async () => {
    await changeLocale('en');
    playSound('FX_Missing');
    const howl = created[0]!;
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(() => howl.opts.onloaderror!(0, 'Failed loading audio file with status: 404.')).not.toThrow();
    expect(notifyError).toHaveBeenCalledWith('Failed loading audio file with status 404');
    playSound('FX_Missing'); // tries again with a new load, but does not report again
    expect(created).toHaveLength(2);
    created[1]!.opts.onloaderror!(0, 'Failed loading audio file with status: 404.');
    expect(notifyError).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });

  test('a decoding failure has its own message', async () => {
    await changeLocale('en');
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    reportAudioError('https://cdn.example.com/assets/sounds/Broken.ogg', 'Decoding audio data failed.');
    expect(notifyError).toHaveBeenCalledWith('Decoding audio data failed');
    await changeLocale('pl');
    reportAudioError('https://cdn.example.com/assets/sounds/Other.ogg', 'Failed loading audio file with status: 500.');
    expect(notifyError).toHaveBeenLastCalledWith('Nie udało się wczytać pliku audio, status 500');
    await changeLocale('en');
    warn.mockRestore();
  });
});
