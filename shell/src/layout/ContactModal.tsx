import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContactForm } from '../forms/schemas';
import { Modal, apiClient, notifySuccess, trackPixelEvent, useLandingStore } from '@landing/shared';

/** Contact form rules (mirrored by the API's `POST /{server}/contact` schema). */
type Errors = Partial<Record<keyof ContactForm, string>>;

/**
 * Contact modal (spec §2), opened by the footer's Contact action (`modals.contactModal`). Posts
 * `{ name, email, message }` to the API; keeps what was typed on any error and shows translated
 * field errors; shows a sent confirmation on success.
 */
export function ContactModal() {
  const { t } = useTranslation('shell');
  const open = useLandingStore((s) => s.modals.contactModal);
  const closeModal = useLandingStore((s) => s.closeModal);
  const user = useLandingStore((s) => s.userData);
  const [form, setForm] = useState<ContactForm>({ name: user?.nickname ?? '', email: user?.email ?? '', message: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');

  const close = () => {
    closeModal('contactModal');
    if (state === 'sent') {
      setState('idle');
      setForm((f) => ({ ...f, message: '' }));
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const { contactSchema } = await import('../forms/schemas');
    const parsed = contactSchema.safeParse(form);
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as keyof ContactForm] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    setState('sending');
    try {
      await apiClient.post('/contact', parsed.data);
      setState('sent');
      notifySuccess(t('contact.sent'));
      trackPixelEvent('Contact'); // spec §7: production only, only when the pixel is present
    } catch {
      setState('idle'); // the API client already showed the error toast; the text stays
    }
  };

  const field = (name: keyof ContactForm, label: string, type: 'text' | 'email' | 'textarea') => (
    <div className="ui-field">
      <label htmlFor={`contact-${name}`}>{label}</label>
      {type === 'textarea' ? (
        <textarea
          id={`contact-${name}`}
          className="ui-input"
          rows={5}
          value={form[name]}
          aria-invalid={!!errors[name]}
          aria-describedby={errors[name] ? `contact-${name}-error` : undefined}
          onChange={(e) => setForm({ ...form, [name]: e.target.value })}
        />
      ) : (
        <input
          id={`contact-${name}`}
          className="ui-input"
          type={type}
          value={form[name]}
          autoComplete={name === 'email' ? 'email' : 'name'}
          aria-invalid={!!errors[name]}
          aria-describedby={errors[name] ? `contact-${name}-error` : undefined}
          onChange={(e) => setForm({ ...form, [name]: e.target.value })}
        />
      )}
      {errors[name] ? (
        <p className="ui-field__error" id={`contact-${name}-error`}>
          {t(errors[name]!)}
        </p>
      ) : null}
    </div>
  );

  return (
    <Modal open={open} onClose={close} title={t('contact.title')} testId="contact-modal">
      {state === 'sent' ? (
        <div className="contact__sent" role="status">
          <p className="contact__sent-title">{t('contact.sentTitle')}</p>
          <p>{t('contact.sentText')}</p>
          <button type="button" className="ui-btn" onClick={close}>
            {t('contact.close')}
          </button>
        </div>
      ) : (
        <form noValidate onSubmit={submit}>
          <p className="contact__lead">{t('contact.lead')}</p>
          {field('name', t('contact.name'), 'text')}
          {field('email', t('contact.email'), 'email')}
          {field('message', t('contact.message'), 'textarea')}
          <button type="submit" className="ui-btn" disabled={state === 'sending'}>
            {state === 'sending' ? t('contact.sending') : t('contact.send')}
          </button>
        </form>
      )}
    </Modal>
  );
}
