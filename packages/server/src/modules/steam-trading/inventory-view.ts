import type { InventoryScan } from '@tradedeck/sdk/contract';
import {
  type InventoryItem,
  type ItemExterior,
  isCurrency,
  type TradeFailureReason,
  type TradeGame,
  tradeFailureMessages,
} from '@tradedeck/sdk/domain';
import type { Language } from '@tradedeck/sdk/i18n';
import type { steamInventoryItems } from '../../db/schema.ts';
import type { ScanRow } from './types.ts';

type ItemRow = typeof steamInventoryItems.$inferSelect;

export function toInventoryItem(row: ItemRow): InventoryItem {
  return {
    assetId: row.assetId,
    classId: row.classId,
    instanceId: row.instanceId,
    game: row.game as TradeGame,
    appId: row.appId,
    contextId: row.contextId,
    amount: row.amount,
    name: row.name,
    marketHashName: row.marketHashName,
    type: row.type,
    iconUrl: row.iconUrl,
    exterior: row.exterior as ItemExterior | null,
    rarity: row.rarity,
    tradable: row.tradable,
    marketable: row.marketable,
    tradableAfter: row.tradableAfter?.toISOString() ?? null,
    protectedUntil: row.protectedUntil?.toISOString() ?? null,
    referencePrice:
      row.priceAmount !== null && isCurrency(row.priceCurrency)
        ? { currency: row.priceCurrency, amount: row.priceAmount }
        : null,
  };
}

/** A stored scan without texts (hub payloads are language-neutral). */
export function toScanPayload(row: ScanRow): Omit<InventoryScan, 'error'> {
  return {
    game: row.game as TradeGame,
    state: row.state as InventoryScan['state'],
    itemCount: row.itemCount,
    totalCount: row.totalCount,
    scannedAt: row.scannedAt?.toISOString() ?? null,
    attemptedAt: row.attemptedAt.toISOString(),
    errorReason: row.errorReason as TradeFailureReason | null,
  };
}

export function toScanView(row: ScanRow, lang: Language): InventoryScan {
  const payload = toScanPayload(row);
  return {
    ...payload,
    error: payload.errorReason
      ? (tradeFailureMessages[lang][payload.errorReason] ?? payload.errorReason)
      : null,
  };
}
