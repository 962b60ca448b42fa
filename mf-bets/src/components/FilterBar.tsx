import type { ReactNode } from 'react';

export interface FilterBarProps<K extends string> {
  /** Accessible name of the group. */
  label: string;
  /** The choices, in order. */
  options: readonly K[];
  /** The pressed choice. */
  active: K;
  onSelect: (option: K) => void;
  /** The content of a choice's button. */
  children: (option: K) => ReactNode;
}

/** A group of toggle buttons of which one is pressed (the matches filter, the ranking scope). */
export function FilterBar<K extends string>({ label, options, active, onSelect, children }: FilterBarProps<K>) {
  return (
    <div className="bt-toolbar" role="group" aria-label={label}>
      {options.map((option) => (
        <button
          key={option}
          type="button"
          className={`bt-filter ${active === option ? 'is-active' : ''}`}
          aria-pressed={active === option}
          onClick={() => onSelect(option)}
        >
          {children(option)}
        </button>
      ))}
    </div>
  );
}
