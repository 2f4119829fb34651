/**
 * Answers the mobile confirmations of our own offers and nothing else (docs/trading-rules.md §2 rule 4): a
 * confirmation is answered only when it is a trade confirmation whose creator id is one of the given offer
 * ids. A confirmation Steam has not listed yet is polled for, as ASF does (every call waits for the account's
 * confirmation slot, one per 10 s). One that is no longer listed is settled from its offer's own state: after
 * a lost multiajaxop reply, or a process that died after confirming, the offer already shows the answer. When
 * the batch answer fails, each confirmation is answered on its own (`ajaxop`), as ArchiSteamFarm and
 * steamguard-cli fall back.
 */
import { ConfirmationType, type MobileConfirmation, TradeOfferState } from '@tradedeck/sdk/domain';
import type { Clock } from '../clock.ts';
import type { ConfirmationOutcome, ConfirmOptions, TradeFailure, TradeResult } from '../trading-port.ts';
import { tradeFailure } from './trade-failure.ts';

export const CONFIRMATION_ATTEMPTS = 3;
export const CONFIRMATION_INTERVAL_MS = 1000;

export interface ConfirmationCalls {
  list(): Promise<TradeResult<{ confirmations: MobileConfirmation[] }>>;
  respond(confirmations: MobileConfirmation[], accept: boolean): Promise<TradeResult<Record<never, never>>>;
  /** One confirmation on its own (`ajaxop`). */
  respondOne(confirmation: MobileConfirmation, accept: boolean): Promise<TradeResult<Record<never, never>>>;
  /** The offer's state on Steam now. */
  offerState(offerId: string): Promise<TradeResult<{ state: number }>>;
}

/** Failures after which the batch answer's outcome is unknown or Steam must not be asked again now. */
const NO_FALLBACK: ReadonlySet<TradeFailure['reason']> = new Set([
  'timeout',
  'proxyError',
  'rateLimited',
  'noProxy',
  'sessionRevoked',
  'serviceUnavailable',
]);

export function ownTradeConfirmations(
  confirmations: readonly MobileConfirmation[],
  offerIds: ReadonlySet<string>,
): MobileConfirmation[] {
  return confirmations.filter((item) => item.type === ConfirmationType.Trade && offerIds.has(item.creatorId));
}

/** Offer states that show the confirmation was given (accept) or refused (reject). */
function answeredByState(state: number, accept: boolean): boolean {
  if (!accept) return state === TradeOfferState.CanceledBySecondFactor;
  return (
    state === TradeOfferState.Active ||
    state === TradeOfferState.Accepted ||
    state === TradeOfferState.InEscrow
  );
}

/** Answers the given confirmations in one batch, or one by one when the batch fails in a way that allows it. */
export async function answerConfirmations(
  calls: Pick<ConfirmationCalls, 'respond' | 'respondOne'>,
  ours: MobileConfirmation[],
  accept: boolean,
): Promise<TradeResult<{ answered: MobileConfirmation[] }>> {
  const batch = await calls.respond(ours, accept);
  if (batch.ok) return { ok: true, answered: ours };
  if (NO_FALLBACK.has(batch.reason)) return batch;
  const answered: MobileConfirmation[] = [];
  for (const item of ours) {
    const single = await calls.respondOne(item, accept);
    if (single.ok) answered.push(item);
    else if (NO_FALLBACK.has(single.reason)) break;
  }
  return answered.length > 0 ? { ok: true, answered } : batch;
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
  let everListed = false;
  for (let attempt = 0; attempt < attempts && waiting.size > 0; attempt++) {
    if (attempt > 0) await clock.sleep(options.intervalMs ?? CONFIRMATION_INTERVAL_MS);
    const listed = await calls.list();
    if (!listed.ok) return listed;
    const ours = ownTradeConfirmations(listed.confirmations, waiting);
    if (ours.length === 0) {
      // Not listed: already answered (a lost reply, a crash after confirming), or not listed yet. The offer says.
      if (attempt === 0 && (await settleFromState(calls, waiting, answered, accept))) break;
      continue;
    }
    everListed = true;
    const response = await answerConfirmations(calls, ours, accept);
    if (!response.ok) return response;
    for (const item of response.answered) {
      waiting.delete(item.creatorId);
      answered.push(item.creatorId);
    }
  }
  if (waiting.size > 0 && everListed) await settleFromState(calls, waiting, answered, accept);
  const missing = offerIds.filter((id) => waiting.has(id));
  if (answered.length === 0 && missing.length > 0) {
    return tradeFailure('confirmationNotFound', {
      detail: `no confirmation for offers ${missing.join(', ')}`,
    });
  }
  return { ok: true, answered, missing };
}

/** Moves the waiting offers whose state shows the answer to `answered`; true when none is left waiting. */
async function settleFromState(
  calls: ConfirmationCalls,
  waiting: Set<string>,
  answered: string[],
  accept: boolean,
): Promise<boolean> {
  for (const offerId of [...waiting]) {
    const offer = await calls.offerState(offerId);
    if (offer.ok && answeredByState(offer.state, accept)) {
      waiting.delete(offerId);
      answered.push(offerId);
    }
  }
  return waiting.size === 0;
}
