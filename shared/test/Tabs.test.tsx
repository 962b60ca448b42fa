/**
 * The shared tab list (shared/src/ui/Tabs.tsx): ids from React's useId (two lists in one page never
 * share an id), the active tab names its panel in aria-controls, arrow keys move between tabs.
 */
import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { Tabs, useTabIds } from '../src/ui/Tabs';

type K = 'a' | 'b';
const items = [
  { key: 'a', label: 'Alpha' },
  { key: 'b', label: 'Beta' },
] as const;

function TabbedBox({ label }: { label: string }) {
  const [active, setActive] = useState<K>('a');
  const ids = useTabIds<K>();
  return (
    <section aria-label={label}>
      <Tabs<K> items={items} active={active} onChange={setActive} label={label} ids={ids} />
      <div role="tabpanel" id={ids.panel(active)} aria-labelledby={ids.tab(active)}>
        panel {active}
      </div>
    </section>
  );
}

test('two tab lists in one page have distinct ids; the active tab controls the panel that names it', () => {
  render(
    <>
      <TabbedBox label="first" />
      <TabbedBox label="second" />
    </>,
  );
  const first = within(screen.getByRole('region', { name: 'first' }));
  const second = within(screen.getByRole('region', { name: 'second' }));
  const tabA1 = first.getByRole('tab', { name: 'Alpha' });
  const tabA2 = second.getByRole('tab', { name: 'Alpha' });
  expect(tabA1.id).not.toBe(tabA2.id);
  expect(document.querySelectorAll(`[id="${tabA1.id}"]`)).toHaveLength(1);
  const panel = first.getByRole('tabpanel', { name: 'Alpha' });
  expect(tabA1).toHaveAttribute('aria-controls', panel.id);
  expect(first.getByRole('tab', { name: 'Beta' })).not.toHaveAttribute('aria-controls');
});

test('ArrowRight selects and focuses the next tab; the panel follows', () => {
  render(<TabbedBox label="box" />);
  fireEvent.keyDown(screen.getByRole('tab', { name: 'Alpha' }), { key: 'ArrowRight' });
  const beta = screen.getByRole('tab', { name: 'Beta' });
  expect(beta).toHaveAttribute('aria-selected', 'true');
  expect(document.activeElement).toBe(beta);
  expect(screen.getByRole('tabpanel', { name: 'Beta' })).toHaveTextContent('panel b');
  expect(beta).toHaveAttribute('aria-controls', screen.getByRole('tabpanel').id);
});
