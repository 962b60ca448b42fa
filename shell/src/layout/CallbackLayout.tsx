import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { Logo } from './Logo';

/**
 * Separate layout of the social login return pages (spec §2): no header, footer or modals —
 * the page lives in a popup and only reports the result to its opener.
 */
export function CallbackLayout() {
  const { t } = useTranslation('shell');
  return (
    <div className="callback-layout" data-testid="callback-layout">
      <div className="callback-layout__card ui-card">
        <Logo />
        <p className="callback-layout__text">{t('callback.text')}</p>
        <Outlet />
      </div>
    </div>
  );
}
