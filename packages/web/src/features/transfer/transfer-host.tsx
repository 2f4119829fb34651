import { useServices } from '../../shared/app-services.tsx';
import { loadAreaTexts } from '../../shared/area/area-texts.ts';
import { useCommandHandlers } from '../../shared/area/use-command-handlers.ts';
import { transferArea } from './area.ts';

/** Mounted once in the shell: opens the transfer dialog (modal 600) when `transfer.open` runs. */
export function TransferHost() {
  const services = useServices();
  useCommandHandlers('transfer', 'host', {
    open: () => {
      // The dialog (its texts and live balances) loads the first time it opens.
      void Promise.all([import('./transfer-dialog.tsx'), loadAreaTexts(services.i18n, [transferArea])])
        .then(([{ TransferDialog }]) =>
          services.modals.open((controls) => <TransferDialog controls={controls} />, { width: 600 }),
        )
        .catch(() => {});
    },
  });
  return null;
}
