import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import { Modal, notifySuccess, trackPixelEvent, useLandingStore } from '@landing/shared';
import type { ContactBody } from '@landing/domain/schemas/contact';
import { postContact } from '../data/post-contact';
import { FormField } from '../forms/FormField';
import { lazyZodResolver } from '@landing/shared/forms';

/** The domain's `ContactBody` with one translation key per field (a too long message has its own). */
const resolver = lazyZodResolver<ContactBody>(() => import('@landing/domain/schemas/contact').then((m) => m.ContactBody), {
  message: (error, field) =>
    field === 'message' && error.type === 'too_big' ? 'contact.errors.messageTooLong' : `contact.errors.${field}`,
});

/**
 * Contact modal (spec §2), opened by the footer's Contact action (`modals.contactModal`). Posts
 * `{ name, email, message }` (the domain's `ContactBody`, validated before sending) to the API;
 * keeps what was typed on any error and shows translated field errors; shows a sent confirmation
 * on success.
 */
export function ContactModal() {
  const { t } = useTranslation('shell');
  const open = useLandingStore((s) => s.modals.contactModal);
  const closeModal = useLandingStore((s) => s.closeModal);
  const user = useLandingStore((s) => s.userData);
  const { register, handleSubmit, setValue, formState } = useForm<ContactBody, unknown, ContactBody>({
    defaultValues: { name: user?.nickname ?? '', email: user?.email ?? '', message: '' },
    resolver,
    reValidateMode: 'onSubmit',
  });
  const send = useMutation({
    mutationFn: postContact,
    onSuccess: () => {
      notifySuccess(t('contact.sent'));
      trackPixelEvent('Contact'); // spec §7: production only, only when the pixel is present
    },
    // On an error the API client already showed the toast; the text stays.
  });

  const close = () => {
    closeModal('contactModal');
    if (send.isSuccess) {
      send.reset();
      setValue('message', '');
    }
  };
  const error = (name: keyof ContactBody) => formState.errors[name]?.message;

  return (
    <Modal open={open} onClose={close} title={t('contact.title')} testId="contact-modal">
      {send.isSuccess ? (
        <div className="contact__sent" role="status">
          <p className="contact__sent-title">{t('contact.sentTitle')}</p>
          <p>{t('contact.sentText')}</p>
          <button type="button" className="ui-btn" onClick={close}>
            {t('contact.close')}
          </button>
        </div>
      ) : (
        <form noValidate onSubmit={handleSubmit((body) => send.mutate(body))}>
          <p className="contact__lead">{t('contact.lead')}</p>
          <FormField id="contact-name" label={t('contact.name')} type="text" error={error('name')} registration={register('name')} />
          <FormField id="contact-email" label={t('contact.email')} type="email" error={error('email')} registration={register('email')} />
          <FormField
            id="contact-message"
            label={t('contact.message')}
            type="textarea"
            error={error('message')}
            registration={register('message')}
          />
          <button type="submit" className="ui-btn" disabled={send.isPending}>
            {send.isPending ? t('contact.sending') : t('contact.send')}
          </button>
        </form>
      )}
    </Modal>
  );
}
