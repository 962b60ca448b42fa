import { useId, useMemo, useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface TabItem<K extends string> {
  key: K;
  label: ReactNode;
}

/** Element ids of a tab list and its panels ({@link useTabIds}): unique per mounted list. */
export interface TabIds<K extends string> {
  /** Id of the tab button of `key` (the panel's `aria-labelledby`). */
  tab: (key: K) => string;
  /** Id of the panel of `key` (the tab's `aria-controls`). */
  panel: (key: K) => string;
}

/**
 * Ids for a {@link Tabs} list and the caller's panel, from React's `useId` (unique in the page and
 * equal on the server and in the browser, whichever remote renders the list):
 * `const ids = useTabIds<K>()`, `<Tabs ids={ids} …/>`,
 * `<div role="tabpanel" id={ids.panel(active)} aria-labelledby={ids.tab(active)}>`.
 */
export function useTabIds<K extends string>(): TabIds<K> {
  const base = useId();
  return useMemo(() => ({ tab: (key: K) => `${base}tab-${key}`, panel: (key: K) => `${base}panel-${key}` }), [base]);
}

export interface TabsProps<K extends string> {
  items: readonly TabItem<K>[];
  active: K;
  onChange: (key: K) => void;
  /** Accessible label of the tab list. */
  label: string;
  className?: string;
  /** Ids of the tabs and panels ({@link useTabIds}): the active tab names its panel in `aria-controls`. */
  ids: TabIds<K>;
}

/**
 * Tab list following the WAI-ARIA tabs pattern (arrow keys move between tabs). Tabs are buttons;
 * route-driven tabs (bets) use a nav of links instead. The panel is the caller's: give it
 * `role="tabpanel"`, `id={ids.panel(key)}` and `aria-labelledby={ids.tab(key)}` with the same
 * {@link useTabIds} ids passed here.
 */
export function Tabs<K extends string>({ items, active, onChange, label, className, ids }: TabsProps<K>) {
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
          id={ids.tab(item.key)}
          aria-controls={item.key === active ? ids.panel(item.key) : undefined}
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
