import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

/**
 * A labelled field of the shell's forms (contact modal, founder-pack sign-up): an input, or a
 * textarea of 5 rows, registered with react-hook-form (uncontrolled, so text typed into the
 * server's HTML before hydration is kept), and below it the field's error translated from its key
 * (shell namespace) with `aria-invalid` / `aria-describedby` set.
 * @param id            element id; the error is `${id}-error`
 * @param error         translation key of the field's error, if any
 * @param registration  `register(name)` of the form
 */
export function FormField({
  id,
  label,
  type,
  error,
  registration,
}: {
  id: string;
  label: string;
  type: 'text' | 'email' | 'textarea';
  error?: string;
  registration: UseFormRegisterReturn;
}) {
  const { t } = useTranslation('shell');
  const common = {
    id,
    className: 'ui-input',
    'aria-invalid': !!error,
    'aria-describedby': error ? `${id}-error` : undefined,
    ...registration,
  };
  return (
    <div className="ui-field">
      <label htmlFor={id}>{label}</label>
      {type === 'textarea' ? (
        <textarea rows={5} {...common} />
      ) : (
        <input type={type} autoComplete={type === 'email' ? 'email' : 'name'} {...common} />
      )}
      {error ? (
        <p className="ui-field__error" id={`${id}-error`}>
          {t(error)}
        </p>
      ) : null}
    </div>
  );
}
