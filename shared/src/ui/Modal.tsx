import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';

export interface ModalProps {
  /** Whether the modal is shown. */
  open: boolean;
  /** Called on the close button, Escape or a click on the backdrop. */
  onClose: () => void;
  /** Heading shown at the top and used as the dialog's accessible name. */
  title: ReactNode;
  children: ReactNode;
  /** Width preset: `sm` 420 px, `md` 560 px (default), `lg` 760 px. */
  size?: 'sm' | 'md' | 'lg';
  /** Test id of the dialog element. */
  testId?: string;
}

/**
 * Accessible modal dialog on the native `<dialog>` opened with `showModal()`: the browser traps
 * focus in it and makes the page behind inert. Escape, the close button and a click on the backdrop
 * all call `onClose` (the dialog never closes itself: the caller's `open` decides). Focus moves to
 * the dialog's box and back to the element that had it on close. In the browser it is rendered into
 * `document.body`; on the server (SSR) an open modal is rendered in place as `<dialog open>`
 * (`showModal()` runs after hydration) and a closed one renders nothing. Used for the auth form,
 * two-factor dialog and contact modal (spec §2).
 */
export function Modal({ open, onClose, title, children, size = 'md', testId }: ModalProps) {
  const { t } = useTranslation('common');
  const titleId = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!open || !dialog) return;
    const previous = document.activeElement as HTMLElement | null;
    if (typeof dialog.showModal === 'function') {
      // A server-rendered `<dialog open>` is open but not modal: reopen it as a modal.
      if (dialog.open && !dialog.matches(':modal')) dialog.close();
      if (!dialog.open) dialog.showModal();
    } else {
      dialog.setAttribute('open', ''); // DOMs without showModal (jsdom in tests)
    }
    boxRef.current?.focus();
    // Escape: the browser's `cancel` would close the dialog itself; the caller closes it instead.
    const onCancel = (e: Event) => {
      e.preventDefault();
      onCloseRef.current();
    };
    // Closed by the browser anyway (e.g. a repeated Escape): tell the caller. (The `close` of a
    // server-rendered dialog reopened as a modal arrives when it is open again: ignored.)
    const onNativeClose = () => {
      if (!dialog.open) onCloseRef.current();
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      e.preventDefault();
      onCloseRef.current();
    };
    dialog.addEventListener('cancel', onCancel);
    dialog.addEventListener('close', onNativeClose);
    document.addEventListener('keydown', onKey);
    document.body.classList.add('ui-modal-open');
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('close', onNativeClose);
      document.removeEventListener('keydown', onKey);
      document.body.classList.remove('ui-modal-open');
      if (dialog.open && typeof dialog.close === 'function') dialog.close();
      previous?.focus?.();
    };
  }, [open]);

  if (!open) return null;
  const onServer = typeof document === 'undefined';
  const dialog = (
    <dialog ref={dialogRef} className="ui-modal-dialog" aria-labelledby={titleId} data-testid={testId} open={onServer || undefined}>
      <div className="ui-modal-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
        <div ref={boxRef} className={`ui-modal ui-modal--${size}`} tabIndex={-1}>
          <div className="ui-modal__head">
            <h2 id={titleId} className="ui-modal__title">
              {title}
            </h2>
            <button type="button" className="ui-modal__close" onClick={onClose} aria-label={t('modal.close')}>
              ×
            </button>
          </div>
          <div className="ui-modal__body">{children}</div>
        </div>
      </div>
    </dialog>
  );
  return onServer ? dialog : createPortal(dialog, document.body);
}
