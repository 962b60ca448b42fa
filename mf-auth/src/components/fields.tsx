/** Form fields of the auth forms: labelled inputs with hint and error, password toggle, checkbox. */
import { useId, useState, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { EyeIcon, EyeOffIcon } from './icons';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** Translation key of the error (auth namespace), if any. */
  error?: string | undefined;
  hint?: string;
  /** `data-testid` of the input. */
  testId?: string;
  ref?: Ref<HTMLInputElement>;
  /** Shown inside the input at its end (the password toggle). */
  endAdornment?: ReactNode;
}

/** A labelled input; the error is announced and linked with `aria-describedby`. */
export function TextField({ label, error, hint, testId, className, ref, endAdornment, ...input }: FieldProps) {
  const { t } = useTranslation('auth');
  const id = useId();
  const describedBy = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`ui-field ma-field ${className ?? ''}`}>
      <label htmlFor={id}>{label}</label>
      <div className={`ma-input ${endAdornment ? 'ma-input--adorned' : ''}`}>
        <input
          ref={ref}
          id={id}
          className="ui-input"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          data-testid={testId}
          {...input}
        />
        {endAdornment}
      </div>
      {error ? (
        <p id={`${id}-error`} className="ui-field__error" role="alert">
          {t(error)}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="ma-field__hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** An e-mail input (e-mail keyboard, browser autofill of the address). */
export function EmailField(props: Omit<FieldProps, 'type' | 'autoComplete' | 'inputMode'>) {
  return <TextField {...props} type="email" autoComplete="email" inputMode="email" />;
}

/** A password input with a show/hide button. */
export function PasswordField(props: Omit<FieldProps, 'type' | 'endAdornment'>) {
  const { t } = useTranslation('auth');
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      endAdornment={
        <button
          type="button"
          className="ma-input__toggle"
          aria-label={t(visible ? 'fields.hidePassword' : 'fields.showPassword')}
          aria-pressed={visible}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? <EyeOffIcon /> : <EyeIcon />}
        </button>
      }
    />
  );
}

/** The password of the account: current-password autofill. */
export function CurrentPasswordField(props: Omit<FieldProps, 'type' | 'endAdornment' | 'autoComplete'>) {
  return <PasswordField {...props} autoComplete="current-password" />;
}

/** A password being chosen: new-password autofill, the password rules as the hint. */
export function NewPasswordField(props: Omit<FieldProps, 'type' | 'endAdornment' | 'autoComplete' | 'hint'>) {
  const { t } = useTranslation('auth');
  return <PasswordField {...props} autoComplete="new-password" hint={t('fields.passwordHint')} />;
}

/**
 * A checkbox with a rich label and an optional error. Uncontrolled: it takes what
 * `register(name)` of react-hook-form gives (ref, name, onChange, onBlur) and `defaultChecked`,
 * so a tick made before the form hydrated stays and is read from the page (RegisterForm).
 */
export function Checkbox({
  children,
  error,
  testId,
  ref,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type' | 'children'> & {
  children: ReactNode;
  /** Translation key of the error (auth namespace), if any. */
  error?: string | undefined;
  /** `data-testid` of the input. */
  testId?: string;
  ref?: Ref<HTMLInputElement>;
}) {
  const { t } = useTranslation('auth');
  const id = useId();
  return (
    <div className="ma-check">
      <input
        ref={ref}
        id={id}
        type="checkbox"
        className="ma-check__box"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        data-testid={testId}
        {...input}
      />
      <label htmlFor={id} className="ma-check__label">
        {children}
      </label>
      {error ? (
        <p id={`${id}-error`} className="ui-field__error ma-check__error" role="alert">
          {t(error)}
        </p>
      ) : null}
    </div>
  );
}

/** Submit button with a busy state. */
export function SubmitButton({ busy, children, testId }: { busy: boolean; children: ReactNode; testId?: string }) {
  const { t } = useTranslation('auth');
  return (
    <button type="submit" className="ui-btn ma-submit" disabled={busy} aria-busy={busy} data-testid={testId}>
      {busy ? t('working') : children}
    </button>
  );
}
