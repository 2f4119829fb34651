import type { AppServices } from '../../../shared/app-services.tsx';
import { notifyError } from '../../../shared/toasts/notify-error.ts';

/**
 * Queues the inventory refresh job for the accounts (every game); each account scanned arrives later as
 * `InventoryScanned`. True when the server took the batch.
 */
export async function startInventoryRefresh(services: AppServices, accountIds: number[]): Promise<boolean> {
  try {
    const batch = await services.client.steamTrading.refreshInventories({ accountIds });
    services.toasts.show({
      kind: 'info',
      text: services.i18n.t('inventory.refreshStarted', { count: batch.total }),
    });
    return true;
  } catch (error) {
    notifyError(services, error);
    return false;
  }
}
