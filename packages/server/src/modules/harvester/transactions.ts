import { type BatchResult, type contract, ResultCode } from '@tradedeck/sdk/contract';
import {
  HARVESTER_STEPS,
  type HarvesterStep,
  type HarvesterTransactionStatus,
  harvesterErrorMessages,
  isActiveTransactionStatus,
  type TradeOffer,
  TradeOfferState,
} from '@tradedeck/sdk/domain';
import type { Language } from '@tradedeck/sdk/i18n';
import type { z } from 'zod';
import { listWindow } from '../../db/list-page.ts';
import { AppError } from '../../http/app-error.ts';
import type { TradingOutcome } from '../steam-trading/index.ts';
import type { HarvesterDeps } from './deps.ts';
import { harvesterMessages } from './messages.ts';
import { type HarvesterQueries, type TransactionRow, transactionKeys } from './repo.ts';
import type { SessionsService } from './sessions.ts';
import { moveTransaction } from './transitions.ts';
import { toTransaction } from './views.ts';

type Input<K extends keyof typeof contract.harvester> = z.output<(typeof contract.harvester)[K]['input']>;

/** Steps after which the target has accepted: the trade can no longer be cancelled. */
const ACCEPTED_STEPS = new Set<string>(['verifying']);
/** Steps before the offer is sent: cancelling moves nothing on Steam. */
const UNSENT_STEPS = new Set<string>(['preparing', 'authentication', 'inventory_scan']);

/** A session's transactions: the list, and restart and cancel while the session is not running. */
export class TransactionsService {
  constructor(
    private readonly deps: HarvesterDeps,
    private readonly sessions: SessionsService,
  ) {}

  async query(userId: string, input: Input<'transactions'>, lang: Language) {
    const window = listWindow(input, transactionKeys(input.sort));
    return this.deps.repo.run(userId, async (q) => {
      if (!(await q.session(input.id))) {
        throw new AppError({ code: ResultCode.NotFound, text: harvesterMessages.sessionNotFound });
      }
      const answer = await q.transactionsPage(input.id, input, input.sort, window);
      return { ...answer, items: answer.items.map((row) => toTransaction(row, lang)) };
    });
  }

  /** Errored transactions go back to the step they failed at; they run when the session is started again. */
  async restart(userId: string, input: Input<'restartTransactions'>, lang: Language): Promise<BatchResult> {
    await this.sessions.requireNotRunning(userId, input.id);
    const rows = await this.pick(userId, input, ['error']);
    const result: BatchResult = { succeededIds: [], failed: [] };
    for (const row of rows.found) {
      if (row.status !== 'error') {
        result.failed.push(this.failure(row.id, ResultCode.InvalidState, harvesterMessages.notErrored[lang]));
        continue;
      }
      const step = (row.errorStep as HarvesterStep | null) ?? 'preparing';
      const moved = await moveTransaction(this.deps, userId, row, { to: step }, { attempt: row.attempt + 1 });
      if (moved) result.succeededIds.push(row.id);
      else
        result.failed.push(this.failure(row.id, ResultCode.InvalidState, harvesterMessages.notErrored[lang]));
    }
    this.missing(rows.missing, result, lang);
    if (result.succeededIds.length > 0) await this.sessions.touch(userId, input.id, true);
    return result;
  }

  /**
   * Active transactions end as cancelled: before the send nothing happens on Steam; a sent offer not yet accepted
   * is cancelled on Steam first; one the target has accepted is refused.
   */
  async cancel(userId: string, input: Input<'cancelTransactions'>, lang: Language): Promise<BatchResult> {
    await this.sessions.requireNotRunning(userId, input.id);
    const rows = await this.pick(userId, input, HARVESTER_STEPS);
    const result: BatchResult = { succeededIds: [], failed: [] };
    for (const row of rows.found) {
      const refusal = await this.cancelOne(userId, row, lang);
      if (refusal) result.failed.push(refusal);
      else result.succeededIds.push(row.id);
    }
    this.missing(rows.missing, result, lang);
    if (result.succeededIds.length > 0) await this.sessions.touch(userId, input.id, false);
    return result;
  }

  /** Cancels every active transaction of a session that is being completed; answers what could not be. */
  async cancelAllActive(userId: string, sessionId: number, lang: Language): Promise<BatchResult> {
    return this.cancel(userId, { id: sessionId, transactionIds: [], all: true }, lang);
  }

  private async cancelOne(userId: string, row: TransactionRow, lang: Language) {
    const step = row.status as HarvesterStep;
    if (!isActiveTransactionStatus(row.status as HarvesterTransactionStatus)) {
      return this.failure(row.id, ResultCode.InvalidState, harvesterMessages.notActive[lang]);
    }
    if (ACCEPTED_STEPS.has(step)) {
      return this.failure(row.id, ResultCode.InvalidState, harvesterMessages.alreadyAccepted[lang]);
    }
    if (!UNSENT_STEPS.has(step)) {
      const refused = await this.cancelOffer(userId, row, lang);
      if (refused) return refused;
    }
    const moved = await moveTransaction(this.deps, userId, row, { to: 'cancelled', step });
    return moved ? null : this.failure(row.id, ResultCode.InvalidState, harvesterMessages.notActive[lang]);
  }

  /** Cancels the transaction's offer on Steam unless it was accepted; an offer that never existed needs nothing. */
  private async cancelOffer(userId: string, row: TransactionRow, lang: Language) {
    let offer: TradingOutcome<TradeOffer | null>;
    if (row.offerId) offer = await this.deps.trading.getOffer(userId, row.sourceId, row.offerId);
    else offer = await this.deps.trading.findSentOffer(userId, row.sourceId, row.reference);
    if (!offer.ok) {
      const text = harvesterMessages.cancelOfferFailed(
        harvesterErrorMessages[lang][offer.reason === 'busy' ? 'serviceUnavailable' : offer.reason],
      );
      return this.failure(row.id, ResultCode.OperationRejected, text[lang]);
    }
    const found = offer.value;
    if (!found) return null;
    if (found.state === TradeOfferState.Accepted || found.state === TradeOfferState.InEscrow) {
      return this.failure(row.id, ResultCode.InvalidState, harvesterMessages.alreadyAccepted[lang]);
    }
    if (found.state !== TradeOfferState.Active && found.state !== TradeOfferState.CreatedNeedsConfirmation)
      return null;
    const cancelled = await this.deps.trading.cancelOffer(userId, row.sourceId, found.id);
    if (cancelled.ok || cancelled.reason === 'offerNotActive') return null;
    const text = harvesterMessages.cancelOfferFailed(
      harvesterErrorMessages[lang][cancelled.reason === 'busy' ? 'serviceUnavailable' : cancelled.reason],
    );
    return this.failure(row.id, ResultCode.OperationRejected, text[lang]);
  }

  /** The named transactions of the session, or (with `all`) every one in the given statuses. */
  private pick(
    userId: string,
    input: { id: number; transactionIds: number[]; all: boolean },
    statuses: Parameters<HarvesterQueries['transactionsIn']>[2],
  ) {
    const ids = input.all ? null : [...new Set(input.transactionIds)];
    return this.deps.repo.run(userId, async (q) => {
      const found = await q.transactionsIn(input.id, ids, statuses);
      const seen = new Set(found.map((row) => row.id));
      return { found, missing: ids === null ? [] : ids.filter((id) => !seen.has(id)) };
    });
  }

  private missing(ids: readonly number[], result: BatchResult, lang: Language): void {
    for (const id of ids)
      result.failed.push(this.failure(id, ResultCode.NotFound, harvesterMessages.transactionNotFound[lang]));
  }

  private failure(id: number, resultCode: ResultCode, message: string) {
    return { id, resultCode, message };
  }
}
