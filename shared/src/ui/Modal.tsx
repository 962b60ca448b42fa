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
 * Accessible modal dialog rendered into `document.body` (role `dialog`, `aria-modal`, Escape and
 * backdrop close, focus moved into the dialog and restored on close). Used for the auth form,
 * two-factor dialog and contact modal (spec §2).
 */
export function Modal({ open, onClose, title, children, size = 'md', testId }: ModalProps) {
  const { t } = useTranslation('common');
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    ref.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    document.body.classList.add('ui-modal-open');
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.classList.remove('ui-modal-open');
      previous?.focus?.();
    };
  }, [open, onClose]);
  if (!open) return null;
  return createPortal(
    <div className="ui-modal-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div
        ref={ref}
        className={`ui-modal ui-modal--${size}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        data-testid={testId}
      >
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
    </div>,
    document.body,
  );
}
