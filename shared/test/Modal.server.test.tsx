/**
 * @jest-environment node
 *
 * The shared modal (shared/src/ui/Modal.tsx) rendered on the server, where there is no document:
 * an open modal is `<dialog open>` in place (showModal runs after hydration), a closed one nothing.
 */
import { renderToString } from 'react-dom/server';
import { Modal } from '../src/ui/Modal';

test('on the server an open modal renders as <dialog open> in place, a closed one as nothing', () => {
  const open = renderToString(
    <Modal open onClose={() => undefined} title="Contact us">
      form
    </Modal>,
  );
  expect(open).toMatch(/^<dialog class="ui-modal-dialog" aria-labelledby="[^"]+" open="">/);
  expect(open).toContain('Contact us');
  const closed = renderToString(
    <Modal open={false} onClose={() => undefined} title="Contact us">
      form
    </Modal>,
  );
  expect(closed).toBe('');
});
