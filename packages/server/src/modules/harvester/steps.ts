/**
 * The step machine of one transaction (docs/product-trading.md §4): preparing -> authentication ->
 * inventory_scan -> trading -> confirmation -> accepting_trade -> target_confirmation -> verifying ->
 * completed, or error with the step and the reason. Each step is persisted before its call, and every call
 * can be made again after a crash: the send carries the transaction's reference (the trading area's intent
 * answers its recorded offer instead of sending twice), and each later step first reads the offer's state on
 * Steam and skips what already happened.
 */
import {
  type HarvesterErrorReason,
  type HarvesterStep,
  type HarvestItem,
  itemKey,
  readOfferReference,
  type TradeOffer,
  TradeOfferState,
  toTradeAsset,
} from '@tradedeck/sdk/domain';
import type { TradingFailure, TradingOutcome } from '../steam-trading/index.ts';
import type { HarvesterDeps, SessionAccount } from './deps.ts';
import type { TransactionRow } from './repo.ts';
import type { Transition } from './transitions.ts';

/** How long a busy account (an earlier call being reconciled) is waited for before the step fails. */
const BUSY_WAIT_MS = 500;
const BUSY_TRIES = 60;
/** A trade the target confirmed may take a moment to show as accepted. */
const VERIFY_TRIES = 5;
const VERIFY_WAIT_MS = 200;

/** What a runner keeps while it works on a session: the accounts and what it already learnt of them. */
export interface StepContext {
  userId: string;
  accounts: ReadonlyMap<number, SessionAccount>;
  tradeTokens: Map<number, string>;
  /** Keys of the items of each account's last scan (read once per runner). */
  cachedKeys: Map<number, Promise<Set<string>>>;
  /**
   * Transactions whose previous step this runner made: the offer's state is known from that call, so it is not
   * read again. A transaction resumed after a crash or a pause is read from Steam first.
   */
  fresh: Set<number>;
  signal: AbortSignal;
}

const fail = (step: HarvesterStep, reason: HarvesterErrorReason): Transition => ({
  to: 'error',
  step,
  reason,
});

/**
 * A step Steam could not be asked for yet: an earlier call for the same offer or account is still under way or
 * not yet reconciled (a run of a process that died holds its intent until the intent's lease runs out). The runner
 * makes the step again later; the transaction does not end on it.
 */
export class StepBusy extends Error {
  override name = 'StepBusy';
}

function failed(step: HarvesterStep, failure: TradingFailure): Transition {
  if (failure.reason === 'busy') throw new StepBusy(failure.detail ?? 'busy');
  return fail(step, failure.reason);
}

/** The error an offer's final state means, or null for a state that may still move on. */
function offerStateFailure(step: HarvesterStep, state: number): Transition | null {
  switch (state) {
    case TradeOfferState.Declined:
    case TradeOfferState.Canceled:
    case TradeOfferState.CanceledBySecondFactor:
      return fail(step, 'offerDeclined');
    case TradeOfferState.InvalidItems:
      return fail(step, 'itemsUnavailable');
    case TradeOfferState.Expired:
      return fail(step, 'offerExpired');
    case TradeOfferState.InEscrow:
      return fail(step, 'escrowHold');
    case TradeOfferState.Countered:
    case TradeOfferState.Invalid:
    case TradeOfferState.Reversed:
      return fail(step, 'tradeFailed');
    default:
      return null;
  }
}

export class TransactionSteps {
  constructor(private readonly deps: Pick<HarvesterDeps, 'trading' | 'ownOfferRule' | 'clock'>) {}

  /** Makes the call the transaction's current step guards and answers where it goes next. */
  async step(row: TransactionRow, ctx: StepContext): Promise<Transition> {
    const source = ctx.accounts.get(row.sourceId);
    const target = ctx.accounts.get(row.targetId);
    const step = row.status as HarvesterStep;
    if (!source?.steamId || !target?.steamId) return fail(step, 'accountUnavailable');
    switch (step) {
      case 'preparing':
        return { to: 'authentication' };
      case 'authentication':
        return this.authenticate(row, ctx);
      case 'inventory_scan':
        return this.checkInventories(row, ctx);
      case 'trading':
        return this.send(row, target.steamId, ctx);
      case 'confirmation':
        return this.confirmSent(row, ctx);
      case 'accepting_trade':
        return this.accept(row, source.steamId, ctx);
      case 'target_confirmation':
        return this.confirmAccepted(row, ctx);
      case 'verifying':
        return this.verify(row, ctx);
    }
  }

  /** Both accounts have a working web session; the target's trade token is what the offer carries. */
  private async authenticate(row: TransactionRow, ctx: StepContext): Promise<Transition> {
    for (const accountId of [row.sourceId, row.targetId]) {
      const token = await this.tradeToken(accountId, ctx);
      if (!token.ok) return failed('authentication', token);
    }
    return { to: 'inventory_scan' };
  }

  /** An account's trade token, asked once per runner (a transaction resumed past authentication asks here). */
  private async tradeToken(accountId: number, ctx: StepContext): Promise<TradingOutcome<string>> {
    const known = ctx.tradeTokens.get(accountId);
    if (known) return { ok: true, value: known };
    const token = await this.patient(ctx, () => this.deps.trading.tradeToken(ctx.userId, accountId));
    if (token.ok) ctx.tradeTokens.set(accountId, token.value);
    return token;
  }

  /** The planned items are still in the source's last scan (and the give-back in the target's). */
  private async checkInventories(row: TransactionRow, ctx: StepContext): Promise<Transition> {
    const sides: [number, HarvestItem[]][] = [
      [row.sourceId, row.items as HarvestItem[]],
      [row.targetId, row.giveBack as HarvestItem[]],
    ];
    for (const [accountId, items] of sides) {
      if (items.length === 0) continue;
      let keys = ctx.cachedKeys.get(accountId);
      if (!keys) {
        keys = this.deps.trading
          .cachedItems(ctx.userId, accountId)
          .then((list) => new Set(list.map(itemKey)));
        ctx.cachedKeys.set(accountId, keys);
      }
      const known = await keys;
      if (items.some((item) => !known.has(itemKey(item)))) return fail('inventory_scan', 'inventoryChanged');
    }
    return { to: 'trading' };
  }

  /** The source sends the offer under the transaction's reference; a reference already sent answers its offer. */
  private async send(row: TransactionRow, targetSteamId: string, ctx: StepContext): Promise<Transition> {
    const token = await this.tradeToken(row.targetId, ctx);
    if (!token.ok) return failed('trading', token);
    const request = {
      accountId: row.sourceId,
      partnerSteamId: targetSteamId,
      tradeToken: token.value,
      itemsToGive: (row.items as HarvestItem[]).map(toTradeAsset),
      itemsToReceive: (row.giveBack as HarvestItem[]).map(toTradeAsset),
      reference: row.reference,
    };
    // An intent reconciled as never sent (Steam has no offer with the reference) may be sent once more.
    for (let attempt = 0; attempt < 2; attempt++) {
      const sent = await this.patient(ctx, () => this.deps.trading.sendOffer(ctx.userId, request, 'en'));
      if (!sent.ok) return failed('trading', sent);
      const intent = sent.value;
      if (intent.status === 'done' && intent.offerId) {
        return { to: intent.needsConfirmation ? 'confirmation' : 'accepting_trade', offerId: intent.offerId };
      }
      if (intent.status === 'failed') return fail('trading', intent.errorReason ?? 'unknownError');
      if (intent.status === 'pending') return fail('trading', 'timeout');
    }
    return fail('trading', 'unknownError');
  }

  /** The source confirms its own offer on the mobile authenticator, unless Steam shows it confirmed already. */
  private async confirmSent(row: TransactionRow, ctx: StepContext): Promise<Transition> {
    if (!ctx.fresh.has(row.id)) {
      const offer = await this.offer(row.sourceId, row, ctx);
      if (!offer.ok) return failed('confirmation', offer);
      const state = offer.value.state;
      if (state === TradeOfferState.Active) return { to: 'accepting_trade' };
      if (state === TradeOfferState.Accepted) return { to: 'verifying' };
      if (state !== TradeOfferState.CreatedNeedsConfirmation) {
        return offerStateFailure('confirmation', state) ?? fail('confirmation', 'offerNotActive');
      }
    }
    await this.allowedToConfirm(row, row.sourceId, ctx);
    const confirmed = await this.patient(ctx, () =>
      this.deps.trading.confirmOffers(ctx.userId, row.sourceId, [row.offerId!]),
    );
    if (!confirmed.ok) return failed('confirmation', confirmed);
    if (!confirmed.value.answered.includes(row.offerId!)) return fail('confirmation', 'confirmationNotFound');
    return { to: 'accepting_trade' };
  }

  /**
   * The target accepts the offer, only after checking it is ours: sent by the source, carrying this transaction's
   * reference. A foreign offer is never accepted.
   */
  private async accept(row: TransactionRow, sourceSteamId: string, ctx: StepContext): Promise<Transition> {
    const seen = await this.offer(row.targetId, row, ctx);
    if (!seen.ok) return failed('accepting_trade', seen);
    const offer = seen.value;
    if (
      offer.isOurOffer ||
      offer.partnerSteamId !== sourceSteamId ||
      readOfferReference(offer.message) !== row.reference
    ) {
      return fail('accepting_trade', 'invalidReference');
    }
    if (offer.state === TradeOfferState.Accepted) return { to: 'verifying' };
    if (offer.state !== TradeOfferState.Active) {
      return offerStateFailure('accepting_trade', offer.state) ?? fail('accepting_trade', 'offerNotActive');
    }
    const accepted = await this.patient(ctx, () =>
      this.deps.trading.acceptOffer(ctx.userId, row.targetId, row.offerId!, 'en'),
    );
    if (!accepted.ok) return failed('accepting_trade', accepted);
    const intent = accepted.value;
    if (intent.status !== 'done') return fail('accepting_trade', intent.errorReason ?? 'unknownError');
    return { to: intent.needsConfirmation ? 'target_confirmation' : 'verifying' };
  }

  /** The target confirms the trade when it gives items back (its own accept, nothing else). */
  private async confirmAccepted(row: TransactionRow, ctx: StepContext): Promise<Transition> {
    if (!ctx.fresh.has(row.id)) {
      const offer = await this.offer(row.targetId, row, ctx);
      if (!offer.ok) return failed('target_confirmation', offer);
      if (offer.value.state !== TradeOfferState.Active) return { to: 'verifying' };
    }
    await this.allowedToConfirm(row, row.targetId, ctx);
    const confirmed = await this.patient(ctx, () =>
      this.deps.trading.confirmOffers(ctx.userId, row.targetId, [row.offerId!]),
    );
    if (!confirmed.ok) return failed('target_confirmation', confirmed);
    if (!confirmed.value.answered.includes(row.offerId!))
      return fail('target_confirmation', 'confirmationNotFound');
    return { to: 'verifying' };
  }

  /** The offer shows as accepted on the source's side: the items moved. */
  private async verify(row: TransactionRow, ctx: StepContext): Promise<Transition> {
    for (let attempt = 1; ; attempt++) {
      const offer = await this.offer(row.sourceId, row, ctx);
      if (!offer.ok) return failed('verifying', offer);
      const state = offer.value.state;
      if (state === TradeOfferState.Accepted) return { to: 'completed' };
      const final = offerStateFailure('verifying', state);
      if (final) return final;
      if (attempt >= VERIFY_TRIES) return fail('verifying', 'confirmationNotFound');
      await this.deps.clock.sleep(VERIFY_WAIT_MS, ctx.signal);
    }
  }

  /**
   * The account's tags may leave our own offers for the user: the confirmation then waits in the centre and the
   * step is made again later, where the offer's state shows once the user answered it there.
   */
  private async allowedToConfirm(row: TransactionRow, accountId: number, ctx: StepContext): Promise<void> {
    if (await this.deps.ownOfferRule(ctx.userId, accountId)) return;
    ctx.fresh.delete(row.id);
    throw new StepBusy(`offer ${row.offerId} waits for its confirmation in the centre`);
  }

  private offer(
    accountId: number,
    row: TransactionRow,
    ctx: StepContext,
  ): Promise<TradingOutcome<TradeOffer>> {
    return this.patient(ctx, () => this.deps.trading.getOffer(ctx.userId, accountId, row.offerId!));
  }

  /** Calls again while the account is busy reconciling an earlier call (bounded). */
  private async patient<T>(
    ctx: StepContext,
    call: () => Promise<TradingOutcome<T>>,
  ): Promise<TradingOutcome<T>> {
    for (let tries = 1; ; tries++) {
      const outcome = await call();
      if (outcome.ok || outcome.reason !== 'busy' || tries >= BUSY_TRIES || ctx.signal.aborted)
        return outcome;
      await this.deps.clock.sleep(BUSY_WAIT_MS, ctx.signal);
    }
  }
}
