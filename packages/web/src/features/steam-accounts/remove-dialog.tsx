import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CancelButton } from '../../shared/modals/cancel-button.tsx';
import { ModalFrame } from '../../shared/modals/modal-frame.tsx';
import type { ModalControls } from '../../shared/modals/modal-stack.ts';

/** "Remove N accounts?" (modal 400); the dialog runs the removal so it can stay open while it works. */
export function RemoveAccountsDialog({
  controls,
  count,
  onConfirm,
}: {
  controls: ModalControls;
  count: number;
  onConfirm(): Promise<boolean>;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <ModalFrame
      title={t('steamAccounts.remove.title')}
      onClose={controls.dismiss}
      footer={
        <>
          <CancelButton onClick={controls.dismiss} />
          <button
            type="button"
            data-autofocus
            className="btn-danger disabled:opacity-50"
            disabled={busy}
            onClick={async () => {
              setBusy(true);
              const done = await onConfirm();
              setBusy(false);
              if (done) controls.close(true);
            }}
          >
            {t('steamAccounts.remove.confirm')}
          </button>
        </>
      }
    >
      {t('steamAccounts.remove.text', { count })}
    </ModalFrame>
  );
}
