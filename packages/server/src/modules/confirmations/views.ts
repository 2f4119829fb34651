import type { ConfirmationFilter, ConfirmationRow } from '@tradedeck/sdk/contract';
import type { Language } from '@tradedeck/sdk/i18n';
import type { TradingFailure } from '../steam-trading/index.ts';
import { failureText } from './messages.ts';
import type { PricedConfirmation } from './priced-items.ts';
import type { AccountRef, PendingConfirmation } from './types.ts';

export function toRow(
  account: AccountRef,
  item: PendingConfirmation,
  fetchedAt: number,
  priced: PricedConfirmation | null = null,
): ConfirmationRow {
  return {
    accountId: account.id,
    login: account.login,
    id: item.id,
    kind: item.kind,
    type: item.type,
    creatorId: item.creatorId,
    offerId: item.kind === 'trade' ? item.creatorId : null,
    ours: item.ours,
    // A trade's headline names the partner as Steam shows it; our own offers know the SteamID.
    partner: item.partnerSteamId ?? (item.kind === 'trade' && item.headline ? item.headline : null),
    headline: item.headline,
    items: item.summary ?? [],
    pricedItems: priced?.pricedItems ?? null,
    value: priced?.value ?? null,
    createdAt: item.createdAt,
    fetchedAt: new Date(fetchedAt).toISOString(),
  };
}

export function matches(item: PendingConfirmation, filter: Pick<ConfirmationFilter, 'kinds' | 'ours'>) {
  if (filter.kinds?.length && !filter.kinds.includes(item.kind)) return false;
  return filter.ours === undefined || item.ours === filter.ours;
}

export function accountFailureView(account: AccountRef, failure: TradingFailure, lang: Language) {
  return {
    accountId: account.id,
    login: account.login,
    reason: failure.reason,
    message: failureText(failure.reason, lang),
  };
}
