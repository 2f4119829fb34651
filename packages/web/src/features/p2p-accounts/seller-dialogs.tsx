import type { SellerAccountRow } from '@tradedeck/sdk/contract';
import { type Currency, MODAL_WIDTHS } from '@tradedeck/sdk/domain';
import { useMemo } from 'react';
import { useServices } from '../../shared/app-services.tsx';
import type { ModalControls } from '../../shared/modals/modal-stack.ts';
import { AddSellerDialog } from './add-seller-dialog.tsx';
import { BulkDialog } from './bulk-dialog.tsx';
import type { BulkAction, BulkOutcome } from './bulk-run.ts';
import { SellerViewDialog } from './seller-view-dialog.tsx';

type Opener = (render: (controls: ModalControls) => unknown, options: { width: number }) => Promise<unknown>;

/** Openers of the screen's dialogs with their widths; stable for the life of the screen. */
export function useSellerDialogs(refresh: () => void, defaultCurrency: Currency) {
  const services = useServices();
  return useMemo(() => {
    const { modals, toasts, i18n } = services;
    const openBulk = (action: BulkAction, ids: number[], names: ReadonlyMap<number, string>, open: Opener) =>
      open((controls) => <BulkDialog controls={controls} action={action} ids={ids} names={names} />, {
        width: MODAL_WIDTHS.viewAccount,
      }).then(
        (result) => {
          const outcome = result as BulkOutcome | null;
          // Start and pause close on success: say what they did.
          if (outcome && (action === 'start' || action === 'pause') && outcome.failed.length === 0) {
            const key = action === 'start' ? 'p2pAccounts.bulk.started' : 'p2pAccounts.bulk.paused';
            toasts.show({ kind: 'success', text: i18n.t(key, { count: outcome.succeededIds.length }) });
          }
          refresh();
          return outcome;
        },
        () => {
          refresh();
          return null;
        },
      );
    return {
      openAdd: () =>
        void modals
          .open(
            (controls) => (
              <AddSellerDialog controls={controls} defaultCurrency={defaultCurrency} onAdded={refresh} />
            ),
            { width: MODAL_WIDTHS.viewAccount },
          )
          .catch(() => {}),
      openBulk: (action: BulkAction, ids: number[], names: ReadonlyMap<number, string>) =>
        void openBulk(action, ids, names, modals.open.bind(modals)),
      openView: (accountId: number) =>
        void modals
          .open(
            (controls) => (
              <SellerViewDialog
                controls={controls}
                accountId={accountId}
                onAction={(action: BulkAction, row: SellerAccountRow, parent: ModalControls) =>
                  void openBulk(action, [row.id], new Map([[row.id, row.login]]), parent.openChild).then(
                    (outcome) => {
                      if (action === 'remove' && outcome && outcome.failed.length === 0) parent.close();
                    },
                  )
                }
              />
            ),
            { width: MODAL_WIDTHS.viewAccount },
          )
          .catch(() => {}),
    };
  }, [services, refresh, defaultCurrency]);
}
