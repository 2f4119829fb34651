import { randomBytes } from 'node:crypto';
import { type AccountOffer, type contract, ResultCode, type TradeIntent } from '@tradedeck/sdk/contract';
import { OFFER_EXPIRY_MS, readOfferReference, type TradeOffer } from '@tradedeck/sdk/domain';
import type { Language } from '@tradedeck/sdk/i18n';
import type { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import type { TradeFailure } from '../../integrations/steam/index.ts';
import { intentFields } from '../../intent-log.ts';
import { markActing } from '../idempotency/index.ts';
import type { TradingDeps } from './deps.ts';
import { tradeError, unwrap } from './failures.ts';
import { claimIntent, finishIntent, type IntentOutcome, outcomeLogFields } from './intent-machine.ts';
import { toIntentView } from './intent-view.ts';
import { tradingMessages } from './messages.ts';
import { INTENT_LEASE_MS, type IntentReconciler } from './reconcile.ts';
import type { IntentRow } from './repo.ts';
import type { TradeSessions } from './sessions.ts';

type Input<K extends keyof typeof contract.steamTrading> = z.output<
  (typeof contract.steamTrading)[K]['input']
>;

/** A reference the server picks when the caller gave none (letters, digits, - and _). */
function newReference(): string {
  return randomBytes(12).toString('base64url');
}

function toAccountOffer(offer: TradeOffer): AccountOffer {
  return { ...offer, reference: offer.isOurOffer ? readOfferReference(offer.message) : null };
}

/**
 * Trade offers of an account through the port. Sends and accepts write their intent before Steam is called and
 * record the outcome after; an account whose earlier intents are unreconciled sends nothing new. Confirmations
 * are given only for offers this account sent or accepted through Tradedeck.
 */
export class OfferService {
  constructor(
    private readonly deps: TradingDeps,
    private readonly sessions: TradeSessions,
    private readonly reconciler: IntentReconciler,
  ) {}

  async send(userId: string, input: Input<'sendOffer'>, lang: Language): Promise<TradeIntent> {
    const opened = await this.sessions.account(userId, input.id);
    const reference = input.reference ?? newReference();
    const release = this.hold(input.id, 'send', reference);
    let done: IntentRow;
    try {
      const reconciled = await this.requireReconciled(userId, input.id, { kind: 'send', reference });
      const request = {
        itemsToGive: input.itemsToGive,
        itemsToReceive: input.itemsToReceive,
        message: input.message ?? null,
        allowEscrow: input.allowEscrow,
      };
      const row = await this.claim(userId, input.id, 'send', reference, input.partnerSteamId, request, null);
      if (!row) return await this.view(userId, input.id, 'send', reference, lang);
      // From here items may move: a failure no longer frees the request's Idempotency-Key.
      markActing();
      const sent = await this.sessions.run(
        userId,
        input.id,
        (s) =>
          s.sendOffer(
            {
              partnerSteamId: input.partnerSteamId,
              tradeToken: input.tradeToken,
              itemsToGive: input.itemsToGive,
              itemsToReceive: input.itemsToReceive,
              reference,
              ...(input.message ? { message: input.message } : {}),
            },
            { allowEscrow: input.allowEscrow },
          ),
        reconciled ? undefined : opened,
      );
      if (!sent.ok) return await this.failed(userId, row, sent, lang);
      done = await this.finish(userId, row, {
        status: 'done',
        offerId: sent.offerId,
        offerState: sent.state,
        needsConfirmation: sent.needsConfirmation,
      });
    } finally {
      release();
    }
    if (input.confirm && done.needsConfirmation) done = await this.confirmAfter(userId, done);
    return toIntentView(done, lang);
  }

  async accept(userId: string, input: Input<'acceptOffer'>, lang: Language): Promise<TradeIntent> {
    const opened = await this.sessions.account(userId, input.id);
    const release = this.hold(input.id, 'accept', input.offerId);
    let done: IntentRow;
    try {
      const own = { kind: 'accept', reference: input.offerId };
      const reconciled = await this.requireReconciled(userId, input.id, own);
      const row = await this.claim(userId, input.id, 'accept', input.offerId, null, {}, input.offerId);
      if (!row) return await this.view(userId, input.id, 'accept', input.offerId, lang);
      markActing();
      const accepted = await this.sessions.run(
        userId,
        input.id,
        (s) => s.acceptOffer(input.offerId),
        reconciled ? undefined : opened,
      );
      if (!accepted.ok) return await this.failed(userId, row, accepted, lang);
      done = await this.finish(userId, row, {
        status: 'done',
        offerState: accepted.needsConfirmation ? 2 : 3,
        needsConfirmation: accepted.needsConfirmation,
      });
    } finally {
      release();
    }
    if (input.confirm && done.needsConfirmation) done = await this.confirmAfter(userId, done);
    return toIntentView(done, lang);
  }

  async get(userId: string, input: Input<'getOffer'>): Promise<AccountOffer> {
    const got = unwrap(await this.sessions.run(userId, input.id, (s) => s.getOffer(input.offerId)));
    return toAccountOffer(got.offer);
  }

  async list(userId: string, input: Input<'offers'>) {
    const since = input.since ? new Date(input.since) : new Date(this.deps.now() - OFFER_EXPIRY_MS);
    const listed = unwrap(
      await this.sessions.run(userId, input.id, (s) =>
        s.listOffers({ sent: input.sent, received: input.received, since, activeOnly: input.activeOnly }),
      ),
    );
    const offers = [...listed.offers].sort(
      (x, y) => y.updatedAt.localeCompare(x.updatedAt) || y.id.localeCompare(x.id),
    );
    const { page, pageSize } = input.pages;
    return {
      items: offers.slice((page - 1) * pageSize, page * pageSize).map(toAccountOffer),
      total: offers.length,
      page,
      pageSize,
    };
  }

  async decline(userId: string, input: Input<'declineOffer'>) {
    const done = unwrap(await this.sessions.run(userId, input.id, (s) => s.declineOffer(input.offerId)));
    return { offerId: done.offerId };
  }

  async cancel(userId: string, input: Input<'cancelOffer'>) {
    const done = unwrap(await this.sessions.run(userId, input.id, (s) => s.cancelOffer(input.offerId)));
    return { offerId: done.offerId };
  }

  /** Answers the confirmations of offers this account sent or accepted through Tradedeck, and only those. */
  async confirm(userId: string, input: Input<'confirmOffers'>) {
    const opened = await this.sessions.account(userId, input.id);
    const wanted = [...new Set(input.offerIds)];
    const ours = await this.deps.repo.run(userId, (q) => q.ownOfferIds(input.id, wanted));
    const foreign = wanted.filter((id) => !ours.has(id));
    if (foreign.length > 0) {
      throw new AppError({
        code: ResultCode.OperationRejected,
        text: tradingMessages.notOurOffers(foreign),
        details: { offerIds: foreign },
      });
    }
    markActing();
    const outcome = unwrap(
      await this.sessions.run(
        userId,
        input.id,
        (s) => s.confirmOffers(wanted, { accept: input.accept }),
        opened,
      ),
    );
    await this.deps.repo.run(userId, (q) => q.markConfirmed(input.id, outcome.answered, input.accept));
    return { answered: outcome.answered, missing: outcome.missing };
  }

  async intents(userId: string, input: Input<'intents'>, lang: Language): Promise<TradeIntent[]> {
    await this.sessions.account(userId, input.id);
    const rows = await this.deps.repo.run(userId, (q) => q.intents(input.id, input.reference));
    return rows.map((row) => toIntentView(row, lang));
  }

  /**
   * Holds the reference from before its reconciliation to its recorded outcome, so no other call of this process
   * takes its intent for orphaned meanwhile (between its claim and its call, say); a reference another call of
   * this process holds is refused as under way.
   */
  private hold(accountId: number, kind: 'send' | 'accept', reference: string): () => void {
    const release = this.reconciler.hold(accountId, kind, reference);
    if (!release)
      throw new AppError({ code: ResultCode.ResourceInUse, text: tradingMessages.referenceInFlight });
    return release;
  }

  /**
   * Nothing new is sent while an earlier intent of the account could not be reconciled. Answers whether Steam was
   * asked to reconcile one (the account may have changed meanwhile).
   */
  private async requireReconciled(
    userId: string,
    accountId: number,
    own: { kind: string; reference: string },
  ): Promise<boolean> {
    const { reconciled, unresolved } = await this.reconciler.reconcileAccount(userId, accountId, own);
    if (unresolved > 0) {
      throw new AppError({ code: ResultCode.ResourceInUse, text: tradingMessages.unreconciled });
    }
    return reconciled > 0;
  }

  /**
   * Writes the intent before the call (or claims again one that is known to have moved nothing). Null when the
   * reference already has a recorded outcome; a reference whose call is under way is refused.
   */
  private async claim(
    userId: string,
    accountId: number,
    kind: 'send' | 'accept',
    reference: string,
    partnerSteamId: string | null,
    request: Record<string, unknown>,
    offerId: string | null,
  ): Promise<IntentRow | null> {
    const now = this.deps.now();
    const { row, claimed } = await this.deps.repo.run(userId, (q) =>
      claimIntent(q, {
        accountId,
        kind,
        reference,
        partnerSteamId,
        offerId,
        request,
        owner: this.deps.processId,
        leaseUntil: new Date(now + INTENT_LEASE_MS),
      }),
    );
    if (claimed) {
      this.deps.log.info(
        { ...intentFields('trade', row.reference), accountId, intentId: row.id, kind },
        'trade intent written',
      );
      return row;
    }
    if (row.status === 'pending')
      throw new AppError({ code: ResultCode.ResourceInUse, text: tradingMessages.referenceInFlight });
    return null;
  }

  private async view(userId: string, accountId: number, kind: string, reference: string, lang: Language) {
    const row = await this.deps.repo.run(userId, (q) => q.intent(accountId, kind, reference));
    return toIntentView(row!, lang);
  }

  private async finish(userId: string, row: IntentRow, values: IntentOutcome): Promise<IntentRow> {
    const at = new Date(this.deps.now());
    const finished = await this.deps.repo.run(userId, (q) => finishIntent(q, row, values, at));
    this.deps.log.info(
      { ...outcomeLogFields(row, values), recorded: finished !== null },
      'trade intent finished',
    );
    return (
      finished ?? (await this.deps.repo.run(userId, (q) => q.intent(row.accountId, row.kind, row.reference)))!
    );
  }

  /**
   * A failed call: Steam refused (nothing moved: the intent fails and the error is thrown), or the call may have
   * happened (a timeout): the intent is reconciled at once and answered as it stands.
   */
  private async failed(
    userId: string,
    row: IntentRow,
    failure: TradeFailure,
    lang: Language,
  ): Promise<TradeIntent> {
    if (failure.retry === 'reconcile') {
      return toIntentView(await this.reconciler.reconcile(userId, row), lang);
    }
    await this.finish(userId, row, { status: 'failed', errorReason: failure.reason });
    throw tradeError(failure, { intentId: row.id, reference: row.reference });
  }

  /**
   * Confirms on the mobile authenticator right after a send or accept, when the account's tag rules accept
   * confirmations of our own offers; otherwise the confirmation waits in the centre for the user. A confirmation
   * that fails is kept.
   */
  private async confirmAfter(userId: string, row: IntentRow): Promise<IntentRow> {
    const offerId = row.offerId!;
    if (!(await this.deps.ownOfferRule(userId, row.accountId))) {
      this.deps.log.info({ accountId: row.accountId, offerId }, 'own offer left unconfirmed by its tag rule');
      return row;
    }
    const confirmed = await this.sessions.run(userId, row.accountId, (s) => s.confirmOffers([offerId]));
    await this.deps.repo.run(userId, async (q) => {
      if (confirmed.ok && confirmed.answered.includes(offerId))
        await q.markConfirmed(row.accountId, [offerId], true);
      else await q.noteConfirmationFailure(row.id, confirmed.ok ? 'confirmationNotFound' : confirmed.reason);
    });
    return (await this.deps.repo.run(userId, (q) => q.intent(row.accountId, row.kind, row.reference)))!;
  }
}
