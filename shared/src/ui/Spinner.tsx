import { useTranslation } from 'react-i18next';

/** Loading indicator with an accessible, translated label. `size` in px (default 32). */
export function Spinner({ size = 32, label }: { size?: number; label?: string }) {
  const { t } = useTranslation('common');
  return (
    <span className="ui-spinner" role="status" aria-live="polite" style={{ width: size, height: size }}>
      <span className="ui-visually-hidden">{label ?? t('remote.loading')}</span>
    </span>
  );
}
