/**
 * The shared modal (shared/src/ui/Modal.tsx) on the native <dialog>: named by its title, closed
 * through `onClose` by Escape, the close button and the backdrop (never by itself), focus moved in
 * and given back. Server rendering: Modal.server.test.tsx.
 */
import { fireEvent, render, screen } from '@testing-library/react';
import { Modal } from '../src/ui/Modal';

test('an open modal is a dialog named by its title; closed, nothing is rendered', () => {
  const { rerender } = render(
    <Modal open onClose={() => undefined} title="Welcome back" testId="m">
      <p>body</p>
    </Modal>,
  );
  const dialog = screen.getByRole('dialog', { name: 'Welcome back' });
  expect(dialog.tagName).toBe('DIALOG');
  expect(dialog).toHaveAttribute('open');
  expect(dialog).toHaveTextContent('body');
  expect(document.body).toHaveClass('ui-modal-open');
  rerender(
    <Modal open={false} onClose={() => undefined} title="Welcome back">
      <p>body</p>
    </Modal>,
  );
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(document.body).not.toHaveClass('ui-modal-open');
});

test('Escape, the dialog cancel event, the close button and a backdrop click call onClose; a click in the box does not', () => {
  const onClose = jest.fn();
  render(
    <Modal open onClose={onClose} title="T">
      <button type="button">inside</button>
    </Modal>,
  );
  const dialog = screen.getByRole('dialog');
  fireEvent.keyDown(document, { key: 'Escape' });
  expect(onClose).toHaveBeenCalledTimes(1);
  const cancel = new Event('cancel', { cancelable: true });
  dialog.dispatchEvent(cancel);
  expect(cancel.defaultPrevented).toBe(true);
  expect(onClose).toHaveBeenCalledTimes(2);
  fireEvent.click(screen.getByRole('button', { name: 'modal.close' }));
  expect(onClose).toHaveBeenCalledTimes(3);
  fireEvent.mouseDown(screen.getByRole('button', { name: 'inside' }));
  expect(onClose).toHaveBeenCalledTimes(3);
  fireEvent.mouseDown(dialog.querySelector('.ui-modal-backdrop')!);
  expect(onClose).toHaveBeenCalledTimes(4);
  expect(dialog).toHaveAttribute('open'); // it stays open until the caller closes it
});

test('focus moves into the dialog and back to where it was on close', () => {
  const { rerender } = render(<button type="button">opener</button>);
  screen.getByRole('button', { name: 'opener' }).focus();
  const tree = (open: boolean) => (
    <>
      <button type="button">opener</button>
      <Modal open={open} onClose={() => undefined} title="T">
        x
      </Modal>
    </>
  );
  rerender(tree(true));
  expect(screen.getByRole('dialog').contains(document.activeElement)).toBe(true);
  rerender(tree(false));
  expect(document.activeElement).toBe(screen.getByRole('button', { name: 'opener' }));
});
