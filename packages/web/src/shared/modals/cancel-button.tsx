import { useTranslation } from 'react-i18next';

/** The Cancel button of a dialog's footer. */
export function CancelButton({ onClick }: { onClick(): void }) {
  const { t } = useTranslation();
  return (
    <button type="button" className="btn-ghost" onClick={onClick}>
      {t('common.cancel')}
    </button>
  );
}
