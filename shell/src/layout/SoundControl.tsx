import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_SOUND_SETTINGS, getSoundSettings, LineIcon, setMuted, setMusicEnabled, subscribeSound } from '@landing/shared';
import { usePopover } from './use-popover';

/**
 * React view of the shared sound settings (muted, music on). The server, and the browser while it
 * hydrates, see the defaults (the stored choice is the browser's alone); the stored one follows.
 */
function useSoundSettings() {
  return useSyncExternalStore(subscribeSound, getSoundSettings, () => DEFAULT_SOUND_SETTINGS);
}

function SpeakerIcon({ muted }: { muted: boolean }) {
  return (
    <LineIcon size={20} strokeWidth="1.9" strokeLinecap="round">
      <path d="M4 9v6h4l5 4V5L8 9z" />
      {muted ? <path d="m17 9 5 6M22 9l-5 6" /> : <path d="M16.5 8.5a5 5 0 0 1 0 7M19 6a8.5 8.5 0 0 1 0 12" />}
    </LineIcon>
  );
}

function Switch({
  id,
  label,
  checked,
  disabled,
  onChange,
}: {
  id: string;
  label: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      disabled={disabled}
      className="sound__switch"
      data-testid={id}
      onClick={() => onChange(!checked)}
    >
      <span className="sound__switch-label">{label}</span>
      <span className={`sound__track ${checked ? 'is-on' : ''}`} aria-hidden="true">
        <span className="sound__thumb" />
      </span>
    </button>
  );
}

/**
 * Header sound control (spec §9 sound): a speaker button opening a small panel with two
 * switches, sound effects (mute all, persisted) and music (fades in/out, persisted, off by
 * default). Closes on an outside click or Escape. `inline` renders the two switches directly
 * (the mobile menu).
 */
export function SoundControl({ inline = false, className = '' }: { inline?: boolean; className?: string }) {
  const { t } = useTranslation('shell');
  const { muted, music } = useSoundSettings();
  const { open, setOpen, close, ref } = usePopover<HTMLDivElement>();
  const switches = (
    <>
      <Switch
        id={inline ? 'sound-effects-menu' : 'sound-effects'}
        label={t('sound.effects')}
        checked={!muted}
        onChange={(on) => setMuted(!on)}
      />
      <Switch
        id={inline ? 'sound-music-menu' : 'sound-music'}
        label={t('sound.music')}
        checked={music && !muted}
        disabled={muted}
        onChange={(on) => setMusicEnabled(on)}
      />
    </>
  );
  if (inline) {
    return (
      <div className={`sound sound--inline ${className}`} role="group" aria-label={t('sound.menu')}>
        {switches}
      </div>
    );
  }
  return (
    <div className={`sound ${className}`} ref={ref} onKeyDown={(e) => e.key === 'Escape' && close()}>
      <button
        type="button"
        className={`sound__toggle ${muted ? 'is-muted' : ''}`}
        aria-label={t('sound.menu')}
        aria-expanded={open}
        aria-controls="sound-panel"
        data-testid="sound-toggle"
        onClick={() => setOpen((o) => !o)}
      >
        <SpeakerIcon muted={muted} />
      </button>
      {open ? (
        <div className="sound__panel" id="sound-panel" role="group" aria-label={t('sound.menu')}>
          {switches}
        </div>
      ) : null}
    </div>
  );
}
