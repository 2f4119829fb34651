import { ConfirmationType, type TradeAsset, TradeOfferState } from '@tradedeck/sdk/domain';
import { ownerGone } from '../../jobs/process-owner.ts';
import type { TradingDeps } from './deps.ts';
import { finishIntent, type IntentOutcome, outcomeLogFields } from './intent-machine.ts';
import type { IntentRow } from './repo.ts';
import type { TradeSessions } from './sessions.ts';

/** How long an intent's owner may take over its call before another process treats it as orphaned. */
export const INTENT_LEASE_MS = 2 * 60_000;
/** Reconciliation searches offers from a little before the intent (clocks differ). */
const SEARCH_MARGIN_MS = 10 * 60_000;

/**
 * Reconciles intents whose outcome was never recorded (the process died between the call and the outcome, or
 * Steam timed out) against Steam, before the account sends again (docs/trading-rules.md §2 rule 1):
 * - a send: the account's sent offers since the intent are searched for its `[td:<reference>]`; found, it is
 *   done with that offer; not found, it is `notSent` (and only then may the same reference be sent again);
 * - an accept: the offer's state says whether it was accepted (or waits for our confirmation).
 * While Steam cannot be asked, the intent stays pending and the account sends nothing new.
 */
export class IntentReconciler {
  /**
   * Intents this process is working on right now (a call to Steam, or its reconciliation), by account, kind and
   * reference, with how many calls hold each: never reconciled under them. A send holds its reference from before
   * its own reconciliation until its outcome is recorded, so no moment between its claim and its call leaves the
   * intent looking orphaned to another call of the account.
   */
  readonly #held = new Map<string, number>();

  constructor(
    private readonly deps: TradingDeps,
    private readonly sessions: TradeSessions,
  ) {}

  /**
   * Holds the intent for a send or accept of this process; answers the release (called once), or null when another
   * call of this process holds it already (one call per reference at a time).
   */
  hold(accountId: number, kind: string, reference: string): (() => void) | null {
    const key = intentKey(accountId, kind, reference);
    return this.#held.has(key) ? null : this.#take(key);
  }

  #take(key: string): () => void {
    this.#held.set(key, (this.#held.get(key) ?? 0) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.#held.get(key) ?? 1) - 1;
      if (left > 0) this.#held.set(key, left);
      else this.#held.delete(key);
    };
  }

  /**
   * A pending intent nobody is calling Steam for any more. `own` is the intent the asking call holds itself: its
   * own hold does not count.
   */
  isOrphaned(row: IntentRow, own?: string): boolean {
    if (row.status !== 'pending') return false;
    const key = intentKey(row.accountId, row.kind, row.reference);
    if ((this.#held.get(key) ?? 0) > (key === own ? 1 : 0)) return false;
    if (row.owner === this.deps.processId) return true;
    return (
      this.deps.singleProcess ||
      row.leaseUntil.getTime() <= this.deps.now() ||
      // Its owner died on this machine: its call died with it (a restart takes over at once, not after the lease).
      ownerGone(row.owner, this.deps.processId)
    );
  }

  /**
   * Reconciles the account's orphaned intents; answers how many were asked of Steam and how many could not be
   * reconciled (Steam did not answer).
   */
  async reconcileAccount(
    userId: string,
    accountId: number,
    own?: { kind: string; reference: string },
  ): Promise<{ reconciled: number; unresolved: number }> {
    const pending = await this.deps.repo.run(userId, (q) => q.pendingIntents(accountId));
    const ownKey = own ? intentKey(accountId, own.kind, own.reference) : undefined;
    let reconciled = 0;
    let unresolved = 0;
    for (const row of pending) {
      if (!this.isOrphaned(row, ownKey)) continue;
      reconciled += 1;
      const after = await this.reconcile(userId, row);
      if (after.status === 'pending') unresolved += 1;
    }
    return { reconciled, unresolved };
  }

  /** Every account with orphaned intents, once (at startup); failures are logged and left for the next send. */
  async sweep(): Promise<void> {
    const accounts = await this.deps.repo.accountsWithPendingIntents();
    for (const { userId, accountId } of accounts) {
      try {
        await this.reconcileAccount(userId, accountId);
      } catch (error) {
        this.deps.log.warn({ err: error, accountId }, 'trade intents not reconciled');
      }
    }
  }

  async reconcile(userId: string, row: IntentRow): Promise<IntentRow> {
    const release = this.#take(intentKey(row.accountId, row.kind, row.reference));
    try {
      const outcome: IntentOutcome | null =
        row.kind === 'send' ? await this.sendOutcome(userId, row) : await this.acceptOutcome(userId, row);
      if (!outcome) return row;
      const at = new Date(this.deps.now());
      const finished = await this.deps.repo.run(userId, (q) => finishIntent(q, row, outcome, at));
      this.deps.log.info(outcomeLogFields(row, outcome), 'trade intent reconciled');
      return (
        finished ??
        (await this.deps.repo.run(userId, (q) => q.intent(row.accountId, row.kind, row.reference)))!
      );
    } finally {
      release();
    }
  }

  private async sendOutcome(userId: string, row: IntentRow) {
    const since = new Date(row.createdAt.getTime() - SEARCH_MARGIN_MS);
    const request = row.request as { itemsToGive?: TradeAsset[]; itemsToReceive?: TradeAsset[] };
    const match = row.partnerSteamId
      ? {
          partnerSteamId: row.partnerSteamId,
          itemsToGive: request.itemsToGive ?? [],
          itemsToReceive: request.itemsToReceive ?? [],
        }
      : undefined;
    const found = await this.sessions.run(userId, row.accountId, (s) =>
      s.findSentOffer(row.reference, since, match),
    );
    if (!found.ok) return null;
    if (!found.offer) return { status: 'notSent' as const };
    return {
      status: 'done' as const,
      offerId: found.offer.id,
      offerState: found.offer.state,
      partnerSteamId: found.offer.partnerSteamId,
      needsConfirmation: found.offer.state === TradeOfferState.CreatedNeedsConfirmation,
    };
  }

  private async acceptOutcome(userId: string, row: IntentRow) {
    const offerId = row.offerId!;
    const got = await this.sessions.run(userId, row.accountId, (s) => s.getOffer(offerId));
    if (!got.ok)
      return got.reason === 'offerNotFound' ? { status: 'failed' as const, errorReason: got.reason } : null;
    const { state } = got.offer;
    if (state === TradeOfferState.Accepted || state === TradeOfferState.InEscrow) {
      return { status: 'done' as const, offerState: state, needsConfirmation: false };
    }
    if (state !== TradeOfferState.Active) {
      return { status: 'failed' as const, offerState: state, errorReason: 'offerNotActive' };
    }
    // Still active: accepted only if it waits for our confirmation of the items we give.
    const listed = await this.sessions.run(userId, row.accountId, (s) => s.listConfirmations());
    if (!listed.ok) return listed.reason === 'noIdentitySecret' ? { status: 'notSent' as const } : null;
    const waiting = listed.confirmations.some(
      (item) => item.type === ConfirmationType.Trade && item.creatorId === offerId,
    );
    return waiting
      ? { status: 'done' as const, offerState: state, needsConfirmation: true }
      : { status: 'notSent' as const };
  }
}

function intentKey(accountId: number, kind: string, reference: string): string {
  return `${accountId}:${kind}:${reference}`;
}
