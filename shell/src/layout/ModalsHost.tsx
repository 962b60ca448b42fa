import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal, useLandingStore, type ServerCode } from '@landing/shared';
import { RemoteSlot } from '../remotes/RemoteSlot';
import { lazyWithQueryCache } from '../data/with-query-cache';

/**
 * The contact form's code (with TanStack Query, which sends it) loads when the modal is first
 * opened: it is not part of the first load.
 */
const ContactModal = lazyWithQueryCache(() => import('./ContactModal').then((m) => m.ContactModal));

/**
 * Renders the modals whose flags live in the store (spec §3 `modals`): the auth form and the
 * two-factor dialog come from mf-auth; when that remote is down the modal frame shows the
 * remote fallback so the user is told, not left with a dead button.
 */
export function ModalsHost({ server }: { server: ServerCode }) {
  const { t } = useTranslation('shell');
  const modals = useLandingStore((s) => s.modals);
  // Mounted from its first opening on, so what was typed survives closing and reopening.
  const [contactUsed, setContactUsed] = useState(false);
  if (modals.contactModal && !contactUsed) setContactUsed(true);
  return (
    <>
      {modals.authForm ? (
        <AuthDialog id="mf_auth/AuthModal" modal="authForm" title={t('header.login')} testId="auth-modal-fallback" server={server} />
      ) : null}
      {modals.twoFactorAuth ? (
        <AuthDialog id="mf_auth/TwoFactorDialog" modal="twoFactorAuth" title={t('twoFactor.title')} server={server} />
      ) : null}
      {contactUsed ? (
        <Suspense fallback={null}>
          <ContactModal />
        </Suspense>
      ) : null}
    </>
  );
}

/** A dialog of mf-auth in its slot; when the remote is down its fallback shows in a modal frame titled `title`. */
function AuthDialog({
  id,
  modal,
  title,
  testId,
  server,
}: {
  id: 'mf_auth/AuthModal' | 'mf_auth/TwoFactorDialog';
  modal: 'authForm' | 'twoFactorAuth';
  title: string;
  testId?: string;
  server: ServerCode;
}) {
  const closeModal = useLandingStore((s) => s.closeModal);
  return (
    <RemoteSlot
      id={id}
      props={{ server }}
      compact
      loading={null}
      fallbackWrapper={(node) => (
        <Modal open onClose={() => closeModal(modal)} title={title} size="sm" testId={testId}>
          {node}
        </Modal>
      )}
    />
  );
}
