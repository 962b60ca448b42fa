import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal, useLandingStore, type ServerCode } from '@landing/shared';
import { RemoteSlot } from '../remotes/RemoteSlot';

/** The contact form's code loads when the modal is first opened (issue 11: not part of the first load). */
const ContactModal = lazy(() => import('./ContactModal').then((m) => ({ default: m.ContactModal })));

/**
 * Renders the modals whose flags live in the store (spec §3 `modals`): the auth form and the
 * two-factor dialog come from mf-auth; when that remote is down the modal frame shows the
 * remote fallback so the user is told, not left with a dead button.
 */
export function ModalsHost({ server }: { server: ServerCode }) {
  const { t } = useTranslation('shell');
  const modals = useLandingStore((s) => s.modals);
  const closeModal = useLandingStore((s) => s.closeModal);
  // Mounted from its first opening on, so what was typed survives closing and reopening.
  const [contactUsed, setContactUsed] = useState(false);
  if (modals.contactModal && !contactUsed) setContactUsed(true);
  return (
    <>
      {modals.authForm ? (
        <RemoteSlot
          id="mf_auth/AuthModal"
          props={{ server }}
          compact
          loading={null}
          fallbackWrapper={(node) => (
            <Modal open onClose={() => closeModal('authForm')} title={t('header.login')} size="sm" testId="auth-modal-fallback">
              {node}
            </Modal>
          )}
        />
      ) : null}
      {modals.twoFactorAuth ? (
        <RemoteSlot
          id="mf_auth/TwoFactorDialog"
          props={{ server }}
          compact
          loading={null}
          fallbackWrapper={(node) => (
            <Modal open onClose={() => closeModal('twoFactorAuth')} title={t('twoFactor.title')} size="sm">
              {node}
            </Modal>
          )}
        />
      ) : null}
      {contactUsed ? (
        <Suspense fallback={null}>
          <ContactModal />
        </Suspense>
      ) : null}
    </>
  );
}
