import type { TradeIntent } from '@tradedeck/sdk/contract';
import { type TradeFailureReason, tradeFailureMessages } from '@tradedeck/sdk/domain';
import type { Language } from '@tradedeck/sdk/i18n';
import type { IntentRow } from './repo.ts';

/** A stored intent as the API shows it, its error in the caller's language. */
export function toIntentView(row: IntentRow, lang: Language): TradeIntent {
  const reason = row.errorReason as TradeFailureReason | null;
  return {
    id: row.id,
    kind: row.kind as TradeIntent['kind'],
    reference: row.reference,
    status: row.status as TradeIntent['status'],
    partnerSteamId: row.partnerSteamId,
    offerId: row.offerId,
    offerState: row.offerState,
    needsConfirmation: row.needsConfirmation,
    errorReason: reason && reason in tradeFailureMessages.en ? reason : null,
    error: reason ? (tradeFailureMessages[lang][reason] ?? reason) : null,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}
