import { useTranslation } from 'react-i18next';
import { Modal, useLandingStore, type ServerCode } from '@landing/shared';
import { RemoteSlot } from '../remotes/RemoteSlot';
import { ContactModal } from './ContactModal';

/**
 * Renders the modals whose flags live in the store (spec §3 `modals`): the auth form and the
 * two-factor dialog come from mf-auth; when that remote is down the modal frame shows the
 * remote fallback so the user is told, not left with a dead button.
 */
export function ModalsHost({ server }: { server: ServerCode }) {
  const { t } = useTranslation('shell');
  const modals = useLandingStore((s) => s.modals);
  const closeModal = useLandingStore((s) => s.closeModal);
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
      <ContactModal />
    </>
  );
}
