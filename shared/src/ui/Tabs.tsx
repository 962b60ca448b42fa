import { useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface TabItem<K extends string> {
  key: K;
  label: ReactNode;
}

export interface TabsProps<K extends string> {
  items: readonly TabItem<K>[];
  active: K;
  onChange: (key: K) => void;
  /** Accessible label of the tab list. */
  label: string;
  className?: string;
}

/**
 * Tab list following the WAI-ARIA tabs pattern (arrow keys move between tabs). Tabs are buttons;
 * route-driven tabs (bets) use a nav of links instead. The panel is the
 * caller's: give it `role="tabpanel"` and `aria-labelledby={`tab-${key}`}`.
 */
export function Tabs<K extends string>({ items, active, onChange, label, className }: TabsProps<K>) {
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const onKeyDown = (e: KeyboardEvent, index: number) => {
    const delta = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!delta) return;
    const next = (index + delta + items.length) % items.length;
    refs.current[next]?.focus();
    onChange(items[next]!.key);
  };
  return (
    <div role="tablist" aria-label={label} className={`ui-tabs ${className ?? ''}`}>
      {items.map((item, i) => (
        <button
          key={item.key}
          ref={(el) => {
            refs.current[i] = el;
          }}
          id={`tab-${item.key}`}
          type="button"
          role="tab"
          aria-selected={item.key === active}
          tabIndex={item.key === active ? 0 : -1}
          className={`ui-tabs__tab ${item.key === active ? 'is-active' : ''}`}
          onClick={() => onChange(item.key)}
          onKeyDown={(e) => onKeyDown(e, i)}
        >
          {item.label}
        </button>
      ))}
    </div>
  );
}
