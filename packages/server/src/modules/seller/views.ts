import type { DeliveryUpdated, SellerAccountRow, SellerAccountUpdated } from '@tradedeck/sdk/contract';
import type {
  Currency,
  DeliveryFailure,
  DeliveryStatus,
  PlatformReason,
  PlatformStatus,
  SellerAccountStatus,
  SellerModule,
  SellerPlatform,
  TradeAsset,
} from '@tradedeck/sdk/domain';
import type { DeliveryRow, SellerAccountView } from './repo.ts';

const iso = (at: Date | null): string | null => (at ? at.toISOString() : null);

function balances(row: SellerAccountView) {
  const currency = (row.balanceCurrency ?? row.currency) as Currency;
  return {
    available: row.balanceAvailable === null ? null : { currency, amount: row.balanceAvailable },
    onHold: row.balanceOnHold === null ? null : { currency, amount: row.balanceOnHold },
    updatedAt: iso(row.balanceUpdatedAt),
  };
}

function platforms(row: SellerAccountView) {
  return [
    {
      platform: row.platform as SellerPlatform,
      status: row.platformStatus as PlatformStatus,
      updatedAt: iso(row.platformUpdatedAt),
      reason: row.platformReason as PlatformReason | null,
      detail: row.platformDetail,
    },
  ];
}

/** The list row: the key only as its hint, never the sealed columns. */
export function toAccountRow(row: SellerAccountView): SellerAccountRow {
  return {
    id: row.id,
    steamAccountId: row.steamAccountId,
    login: row.login,
    steamId: row.steamId,
    status: row.status as SellerAccountStatus,
    platforms: platforms(row),
    ordersCount: row.ordersCount,
    activeDeliveries: row.activeDeliveries,
    proxyId: row.proxyId,
    proxy:
      row.proxyHost !== null && row.proxyPort !== null
        ? { address: row.proxyHost, port: row.proxyPort }
        : null,
    currency: row.currency as Currency,
    balances: balances(row),
    modules: row.modules as SellerModule[],
    apiKeyMasked: `••••${row.apiKeyHint}`,
    hasPaymentPassword: row.paymentPasswordEnc.length > 0,
    lastPingAt: iso(row.lastPingAt),
    createdAt: row.createdAt.toISOString(),
  };
}

export function toAccountEvent(row: SellerAccountView, removed = false): SellerAccountUpdated {
  return {
    accountId: row.id,
    removed,
    status: row.status as SellerAccountStatus,
    platforms: platforms(row),
    balances: balances(row),
    ordersCount: row.ordersCount,
    activeDeliveries: row.activeDeliveries,
    lastPingAt: iso(row.lastPingAt),
  };
}

export function toDelivery(row: DeliveryRow): DeliveryUpdated {
  return {
    id: row.id,
    sellerAccountId: row.sellerAccountId,
    platform: 'tm',
    hash: row.hash,
    status: row.status as DeliveryStatus,
    partnerSteamId: row.partnerSteamId,
    items: row.items as TradeAsset[],
    reference: row.reference,
    offerId: row.offerId,
    failure: row.failure as DeliveryFailure | null,
    detail: row.detail,
    createdAt: row.createdAt.toISOString(),
    sentAt: iso(row.sentAt),
    readyAt: iso(row.readyAt),
  };
}
