import { useEffect } from 'react';
import { useServices } from '../../shared/app-services.tsx';

/** The command that opens the balance transfer dialog from anywhere: the palette and the P2P accounts screen. */
export const OPEN_TRANSFER_COMMAND = 'transfer.open';

/** Mounted once in the shell: opens the transfer dialog (modal 600) when the command runs. */
export function TransferHost() {
  const services = useServices();
  useEffect(
    () =>
      services.commands.register(OPEN_TRANSFER_COMMAND, () => {
        // The dialog (and its live balances) loads the first time it opens.
        void import('./transfer-dialog.tsx')
          .then(({ TransferDialog }) =>
            services.modals.open((controls) => <TransferDialog controls={controls} />, { width: 600 }),
          )
          .catch(() => {});
      }),
    [services],
  );
  return null;
}
