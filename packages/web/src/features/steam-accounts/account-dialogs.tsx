import type { SteamAccountRow } from '@tradedeck/sdk/contract';
import { MODAL_WIDTHS } from '@tradedeck/sdk/domain';
import { useMemo } from 'react';
import { type AppServices, useServices } from '../../shared/app-services.tsx';
import type { ModalControls } from '../../shared/modals/modal-stack.ts';
import { notifyError } from '../../shared/toasts/notify-error.ts';
import { AddWizardDialog } from './add-wizard/add-wizard-dialog.tsx';
import { BatchProxyDialog } from './batch-proxy-dialog.tsx';
import { BatchTagsDialog } from './batch-tags-dialog.tsx';
import { copyGuardCode } from './guard-code.ts';
import { RemoveAccountsDialog } from './remove-dialog.tsx';
import { type AccountViewTab, ViewAccountDialog } from './view-dialog.tsx';

/** Removes one account or many; true when the server removed at least one. */
async function removeAccounts(services: AppServices, ids: number[]): Promise<boolean> {
  try {
    let removed = 1;
    if (ids.length === 1) await services.client.steamAccounts.remove({ id: ids[0]! });
    else removed = (await services.client.steamAccounts.batchRemove({ accountIds: ids })).succeededIds.length;
    services.toasts.show({
      kind: 'success',
      text: services.i18n.t('steamAccounts.remove.done', { count: removed }),
    });
    return true;
  } catch (error) {
    notifyError(services, error);
    return false;
  }
}

/** Openers of the screen's dialogs with their spec widths; stable for the life of the screen. */
export function useAccountDialogs(refresh: () => void) {
  const services = useServices();
  return useMemo(() => {
    const { modals } = services;
    const confirmRemove = (
      ids: number[],
      open: (render: (controls: ModalControls) => unknown, options: { width: number }) => Promise<unknown>,
    ) =>
      open(
        (controls) => (
          <RemoveAccountsDialog
            controls={controls}
            count={ids.length}
            onConfirm={async () => {
              const done = await removeAccounts(services, ids);
              if (done) refresh();
              return done;
            }}
          />
        ),
        { width: MODAL_WIDTHS.confirm },
      );
    const copyCode = (account: Pick<SteamAccountRow, 'id' | 'login'>) =>
      void copyGuardCode(services, account);
    return {
      copyCode,
      openWizard: () =>
        void modals.open((controls) => <AddWizardDialog controls={controls} onAdded={refresh} />, {
          width: MODAL_WIDTHS.addAccount,
          // Hundreds of loaded rows must not vanish on a stray Escape or click outside.
          persistent: true,
        }),
      openView: (accountId: number, tab?: AccountViewTab) =>
        void modals.open(
          (controls) => (
            <ViewAccountDialog
              controls={controls}
              accountId={accountId}
              {...(tab ? { initialTab: tab } : {})}
              onCopyCode={copyCode}
              onRemove={(account, parent) =>
                void confirmRemove([account.id], parent.openChild).then(
                  (removed) => removed && parent.close(),
                  () => {},
                )
              }
            />
          ),
          { width: MODAL_WIDTHS.viewAccount },
        ),
      openBatchProxy: (initialText = '') =>
        void modals.open(
          (controls) => <BatchProxyDialog controls={controls} initialText={initialText} onSaved={refresh} />,
          { width: MODAL_WIDTHS.batchProxy },
        ),
      openBatchTags: (accountIds: number[]) =>
        void modals.open(
          (controls) => <BatchTagsDialog controls={controls} accountIds={accountIds} onDone={refresh} />,
          { width: MODAL_WIDTHS.batchTags },
        ),
      openRemove: (ids: number[]) => void confirmRemove(ids, modals.open.bind(modals)).catch(() => {}),
    };
  }, [services, refresh]);
}
