import { act, render, screen } from '@testing-library/react';
import { ProgressRing } from '../src/ui/ProgressRing';

/** Runs the two animation frames the ring waits for before filling. */
async function frames() {
  await act(async () => {
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(null))));
    await new Promise((r) => setTimeout(r, 0));
  });
}

const arc = (el: HTMLElement) => el.querySelectorAll('circle')[1]!;

test('spec §9 defaults: range -100..100, size 200, 1000 ms fill after 400 ms', async () => {
  render(<ProgressRing value={50} label="Half" />);
  const ring = screen.getByRole('progressbar', { name: 'Half' });
  expect(ring).toHaveAttribute('aria-valuemin', '-100');
  expect(ring).toHaveAttribute('aria-valuemax', '100');
  expect(ring).toHaveAttribute('aria-valuenow', '50');
  expect(ring.style.width).toBe('200px');
  const circle = arc(ring);
  expect(circle.getAttribute('style')).toContain('stroke-dashoffset 1000ms ease-out 400ms');
  const c = Number(circle.getAttribute('stroke-dasharray'));
  expect(Number(circle.getAttribute('stroke-dashoffset'))).toBeCloseTo(c); // starts empty
  await frames();
  expect(Number(circle.getAttribute('stroke-dashoffset'))).toBeCloseTo(c * 0.5);
});

test('a 0..100 ring of size 40 fills to its share, clamps and shows its centre content', async () => {
  render(
    <ProgressRing value={150} min={0} max={100} size={40} label="Votes">
      150%
    </ProgressRing>,
  );
  const ring = screen.getByRole('progressbar', { name: 'Votes' });
  expect(ring).toHaveAttribute('data-value', '100');
  expect(ring).toHaveTextContent('150%');
  await frames();
  expect(Number(arc(ring).getAttribute('stroke-dashoffset'))).toBeCloseTo(0);
});

test('negative values fill counter-clockwise in the danger colour', async () => {
  render(<ProgressRing value={-25} label="Down" />);
  await frames();
  const circle = arc(screen.getByRole('progressbar', { name: 'Down' }));
  expect(circle.getAttribute('stroke')).toContain('--c-danger');
  expect(circle.getAttribute('transform')).toContain('scale(-1 1)');
  const c = Number(circle.getAttribute('stroke-dasharray'));
  expect(Number(circle.getAttribute('stroke-dashoffset'))).toBeCloseTo(c * 0.75);
});
