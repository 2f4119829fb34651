import { hubEvents, SELLER_SOURCE } from '@tradedeck/sdk/contract';
import type { EventLog } from '../../hubs/event-log/event-log.ts';
import type { DeliveryRow, SellerQueries } from './repo.ts';
import { toAccountEvent, toDelivery } from './views.ts';

/** Announces an account's current state in the transaction that changed it (SellerAccountUpdated). */
export async function announceAccount(
  eventLog: EventLog,
  userId: string,
  q: SellerQueries,
  accountId: number,
): Promise<void> {
  const view = await q.view(accountId);
  if (view)
    await eventLog.append(userId, hubEvents.sellerAccountUpdated, SELLER_SOURCE, toAccountEvent(view), q.tx);
}

/** Announces a delivery's step in the transaction that recorded it (DeliveryUpdated). */
export async function announceDelivery(
  eventLog: EventLog,
  userId: string,
  q: SellerQueries,
  row: DeliveryRow,
): Promise<void> {
  await eventLog.append(userId, hubEvents.deliveryUpdated, SELLER_SOURCE, toDelivery(row), q.tx);
}
