import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SOUND_STORAGE_KEYS, getSoundSettings, initI18n, registerTranslationLoaders, resetSoundForTests } from '@landing/shared';
import { loaders } from '../src/i18n';
import { SoundControl } from '../src/layout/SoundControl';

const howls: Array<{ fade: jest.Mock }> = [];
jest.mock('howler', () => ({
  Howl: jest.fn(() => {
    const h = {
      play: jest.fn(() => 1),
      playing: jest.fn(() => true),
      fade: jest.fn(),
      volume: jest.fn(() => 0.05),
      once: jest.fn(),
      unload: jest.fn(),
    };
    howls.push(h);
    return h;
  }),
  Howler: { mute: jest.fn() },
}));

initI18n('en');
registerTranslationLoaders('shell', loaders);

beforeEach(() => {
  localStorage.clear();
  howls.length = 0;
  resetSoundForTests();
});

test('the sound panel mutes everything (persisted) and switches the music on with a fade-in', async () => {
  render(<SoundControl />);
  await userEvent.click(screen.getByRole('button', { name: 'Sound settings' }));
  const effects = screen.getByRole('switch', { name: 'Sound effects' });
  const music = screen.getByRole('switch', { name: 'Music' });
  expect(effects).toHaveAttribute('aria-checked', 'true');
  expect(music).toHaveAttribute('aria-checked', 'false');

  await userEvent.click(music);
  expect(music).toHaveAttribute('aria-checked', 'true');
  expect(localStorage.getItem(SOUND_STORAGE_KEYS.music)).toBe('1');
  expect(howls[0]!.fade).toHaveBeenCalledWith(0, 0.05, 500, 1);

  await userEvent.click(effects);
  expect(effects).toHaveAttribute('aria-checked', 'false');
  expect(getSoundSettings().muted).toBe(true);
  expect(localStorage.getItem(SOUND_STORAGE_KEYS.muted)).toBe('1');
  expect(music).toBeDisabled();
  await userEvent.keyboard('{Escape}');
  expect(screen.queryByRole('switch')).toBeNull();
});
