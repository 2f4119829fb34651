/**
 * Answers the mobile confirmations of our own offers and nothing else (design §2 rule 4): a confirmation is
 * answered only when it is a trade confirmation whose creator id is one of the given offer ids. A confirmation
 * Steam has not listed yet is polled for, as ASF does, and reported missing when it never appears.
 */
import { ConfirmationType, type MobileConfirmation } from '@tradedeck/sdk/domain';
import type { Clock } from '../clock.ts';
import type { ConfirmationOutcome, ConfirmOptions, TradeResult } from '../trading-port.ts';
import { tradeFailure } from './trade-failure.ts';

export const CONFIRMATION_ATTEMPTS = 5;
export const CONFIRMATION_INTERVAL_MS = 1000;

export interface ConfirmationCalls {
  list(): Promise<TradeResult<{ confirmations: MobileConfirmation[] }>>;
  respond(confirmations: MobileConfirmation[], accept: boolean): Promise<TradeResult<Record<never, never>>>;
}

export function ownTradeConfirmations(
  confirmations: readonly MobileConfirmation[],
  offerIds: ReadonlySet<string>,
): MobileConfirmation[] {
  return confirmations.filter((item) => item.type === ConfirmationType.Trade && offerIds.has(item.creatorId));
}

export async function confirmOwnOffers(
  calls: ConfirmationCalls,
  offerIds: readonly string[],
  clock: Clock,
  options: ConfirmOptions = {},
): Promise<TradeResult<ConfirmationOutcome>> {
  const accept = options.accept ?? true;
  const attempts = Math.max(1, options.attempts ?? CONFIRMATION_ATTEMPTS);
  const waiting = new Set(offerIds);
  const answered: string[] = [];
  for (let attempt = 0; attempt < attempts && waiting.size > 0; attempt++) {
    if (attempt > 0) await clock.sleep(options.intervalMs ?? CONFIRMATION_INTERVAL_MS);
    const listed = await calls.list();
    if (!listed.ok) return listed;
    const ours = ownTradeConfirmations(listed.confirmations, waiting);
    if (ours.length === 0) continue;
    const response = await calls.respond(ours, accept);
    if (!response.ok) return response;
    for (const item of ours) {
      waiting.delete(item.creatorId);
      answered.push(item.creatorId);
    }
  }
  const missing = offerIds.filter((id) => waiting.has(id));
  if (answered.length === 0 && missing.length > 0) {
    return tradeFailure('confirmationNotFound', {
      detail: `no confirmation for offers ${missing.join(', ')}`,
    });
  }
  return { ok: true, answered, missing };
}
