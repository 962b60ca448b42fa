import type { ReactNode } from 'react';
import { MailIcon } from './icons';

/**
 * "Check your e-mail" box shown once a form's mail is on its way (registration, password
 * recovery): mail icon, title, text, then `children` (hints, links).
 */
export function SentNotice({ title, text, testId, children }: { title: string; text: string; testId: string; children?: ReactNode }) {
  return (
    <div className="ma-done" role="status" data-testid={testId}>
      <span className="ma-done__icon">
        <MailIcon width={28} height={28} />
      </span>
      <h3 className="ma-done__title">{title}</h3>
      <p className="ma-done__text">{text}</p>
      {children}
    </div>
  );
}
