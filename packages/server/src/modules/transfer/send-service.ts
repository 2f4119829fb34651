/**
 * Sending money between two of the user's TM accounts (docs/trading-rules.md §2): checks, then the intent row
 * with a unique custom id and both balances, then one money-send, never retried. A lost answer settles only
 * on positive evidence (`evidence.ts`); without it the transfer stays `unknown`, showing what was checked,
 * and nothing new goes from that sender until the user says they checked on the market that it did not go
 * (with the withdrawal second factor). The same checks settle transfers left open by a crash when the server
 * starts.
 *
 * The market's own currency, read with every balance, is the truth: a send in another currency than the one the
 * market keeps the sender in is refused before the market is asked to move money, and amounts are never compared
 * across currencies.
 */
import { randomUUID } from 'node:crypto';
import type { Contract } from '@tradedeck/sdk/contract';
import { hubEvents, ResultCode, TRANSFER_SOURCE, type TransferFailure } from '@tradedeck/sdk/contract';
import type { Currency, Money } from '@tradedeck/sdk/domain';
import type { Language } from '@tradedeck/sdk/i18n';
import type { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import type { MarketCredentials, MarketFailure, MoneySendRecord } from '../../integrations/market/port.ts';
import { intentFields } from '../../intent-log.ts';
import { markActing } from '../idempotency/index.ts';
import type { TransferShared } from './deps.ts';
import { gatherEvidence } from './evidence.ts';
import { checkMember, MEMBER_REASON_TEXT } from './member-check.ts';
import { transferMessages } from './messages.ts';
import type { TransferDbRow, TransferStatus } from './repo.ts';
import { openPaymentPassword, sealPaymentPassword, sealReceiverKey } from './secrets.ts';
import { settleTransfer } from './transfer-machine.ts';
import { toTransferRow } from './views.ts';

type SendInput = z.output<Contract['transfer']['send']['input']>;

const FAILURE_OF: Partial<Record<MarketFailure['reason'], TransferFailure>> = {
  wrongPaymentPassword: 'wrongPaymentPassword',
  insufficientFunds: 'insufficientFunds',
  receiverNotFound: 'receiverNotFound',
  transferNotSupported: 'transferNotSupported',
  marketUnavailable: 'marketUnavailable',
  rateLimited: 'marketUnavailable',
};

function rejected(text: keyof typeof transferMessages, details?: Record<string, unknown>): AppError {
  return new AppError({
    code: ResultCode.OperationRejected,
    text: transferMessages[text],
    details: details ?? null,
  });
}

export class TransferSendService {
  constructor(private readonly shared: TransferShared) {}

  async send(userId: string, input: SendInput, lang: Language) {
    const { shared } = this;
    if (input.fromId === input.toId) throw rejected('sameAccount', { field: 'toId' });
    const from = await shared.seller.tmAccount(userId, input.fromId);
    if (!from) throw new AppError({ code: ResultCode.NotFound, text: transferMessages.accountNotFound });
    if (input.amount.currency !== from.currency) throw rejected('currencyMismatch', { field: 'amount' });
    if (input.amount.amount <= 0) throw rejected('validationFailed', { field: 'amount' });
    const sender = await shared.seller.credentials(userId, from.id);
    if (!sender) throw new AppError({ code: ResultCode.NotFound, text: transferMessages.accountNotFound });
    await this.clearOpen(userId, from.id, sender, input.checkedNotSent);

    // The sender's balance as the market keeps it (stored with its currency, so the account shows a mismatch).
    const balance = await shared.seller.refreshBalance(userId, from.id);
    if (!balance?.ok) throw rejected('loadFailed', { reason: balance?.reason ?? 'accountNotFound' });
    if (balance.currency !== input.amount.currency) {
      shared.log.warn(
        { sellerAccountId: from.id, stored: from.currency, market: balance.currency },
        'transfer refused: the market keeps the sender in another currency',
      );
      throw rejected('marketCurrencyMismatch', {
        field: 'amount',
        reason: 'currencyMismatch',
        stored: from.currency,
        market: balance.currency,
      });
    }
    if (balance.balance.available.amount < input.amount.amount)
      throw rejected('insufficientBalance', { field: 'amount' });

    const member = await checkMember(shared, userId, { toId: input.toId, apiKey: input.apiKey });
    if (member.reason) {
      throw rejected(MEMBER_REASON_TEXT[member.reason], { field: 'apiKey', reason: member.reason });
    }
    const to = member.receiver;
    if (to.currency !== from.currency && !input.acceptConversion) throw rejected('conversionNotConfirmed');
    const paymentPassword = await this.paymentPassword(userId, from.id, input.paymentPassword);

    // The receiver's balance before the send (read by the member check): what arrived, and evidence should the
    // reply be lost.
    const receiverBefore = member.balance;

    await this.remember(userId, input, member.apiKey!, to.id);
    const intent = await shared.repo.run(userId, (q) =>
      q.insertIntent({
        customId: `td-${randomUUID()}`,
        fromAccountId: from.id,
        fromLogin: from.login,
        toAccountId: to.id,
        toLogin: to.login,
        amount: input.amount.amount,
        currency: from.currency,
        receivedCurrency: to.currency,
        status: 'sending',
        senderBefore: balance.balance.available.amount,
        receiverBefore: receiverBefore?.amount ?? null,
      }),
    );
    if (!intent) throw rejected('previousUnknown');
    shared.log.info(
      { ...intentFields('transfer', intent.customId), transferId: intent.id, fromId: from.id, toId: to.id },
      'transfer intent written',
    );
    await this.announce(userId, intent);

    // From here money may move: a failure no longer frees the request's Idempotency-Key.
    markActing();
    const sent = await shared.market.sendMoney(sender, {
      amount: input.amount,
      receiverApiKey: member.apiKey!,
      paymentPassword,
      customId: intent.customId,
    });
    let row: TransferDbRow;
    if (sent.ok) {
      row = await this.settleSent(userId, intent, sent.record, receiverBefore);
    } else if (sent.reason === 'outcomeUnknown') {
      shared.log.warn(
        { ...intentFields('transfer', intent.customId), transferId: intent.id, keyId: sender.keyId },
        'money-send answer lost: looking for evidence',
      );
      row = await this.resolve(userId, intent, sender);
    } else {
      row = await this.finish(userId, intent, {
        status: 'notSent',
        failure: FAILURE_OF[sent.reason] ?? 'failed',
        detail: sent.detail ?? sent.reason,
      });
    }
    return toTransferRow(row, lang);
  }

  /**
   * An open transfer from the sender blocks a new one. Only one whose outcome stayed unknown, named by the user as
   * checked on the market and not gone, is closed (`declaredNotSent`), after one more look for evidence.
   */
  private async clearOpen(
    userId: string,
    fromId: number,
    sender: MarketCredentials,
    checkedNotSent: number | undefined,
  ): Promise<void> {
    const open = await this.shared.repo.run(userId, (q) => q.openOf(fromId));
    if (!open) return;
    if (open.status !== 'unknown' || checkedNotSent !== open.id) {
      throw rejected('previousUnknown', { transferId: open.id });
    }
    const looked = await this.resolve(userId, open, sender);
    if (looked.status === 'sent') throw rejected('previousFoundSent', { transferId: open.id });
    if (looked.status !== 'unknown') return;
    this.shared.log.warn(
      { ...intentFields('transfer', open.customId), transferId: open.id },
      "unknown transfer closed on the user's word",
    );
    await this.finish(userId, looked, { status: 'notSent', failure: 'declaredNotSent' });
  }

  /** `transfer.check`: asks the market what became of an open transfer; a settled one is answered as it is. */
  async check(userId: string, id: number, lang: Language) {
    const row = await this.shared.repo.run(userId, (q) => q.get(id));
    if (!row) throw new AppError({ code: ResultCode.NotFound, text: transferMessages.transferNotFound });
    if (row.status !== 'sending' && row.status !== 'unknown') return toTransferRow(row, lang);
    const sender = await this.shared.seller.credentials(userId, row.fromAccountId);
    return toTransferRow(sender ? await this.resolve(userId, row, sender) : row, lang);
  }

  /** Start-up: every transfer left open (in flight when a process died, or unknown) is asked about once. */
  async reconcile(): Promise<void> {
    for (const { userId, id, customId } of await this.shared.repo.open()) {
      await this.check(userId, id, 'en').catch((error: unknown) =>
        this.shared.log.warn(
          { err: error, ...intentFields('transfer', customId), transferId: id },
          'transfer not reconciled',
        ),
      );
    }
  }

  /** Looks for evidence of what became of an open transfer; without any it stays unknown with what was checked. */
  private async resolve(
    userId: string,
    row: TransferDbRow,
    sender: MarketCredentials,
  ): Promise<TransferDbRow> {
    const receiver = await this.shared.seller.credentials(userId, row.toAccountId).catch(() => null);
    const evidence = await gatherEvidence(this.shared.market, row, { sender, receiver }, this.shared.now);
    const checks = evidence.checks;
    if (evidence.verdict === 'sent') {
      const record = evidence.record ?? {
        customId: row.customId,
        amount: { currency: row.currency as Currency, amount: row.amount },
        status: 'done' as const,
        time: null,
        received: evidence.received,
      };
      return this.settleSent(userId, { ...row, checks }, { ...record, received: evidence.received }, null);
    }
    if (evidence.verdict === 'notSent') {
      return this.finish(userId, row, {
        status: 'notSent',
        failure: 'failed',
        detail: 'no money moved',
        checks,
      });
    }
    const now = new Date(this.shared.now());
    const unknown = await this.shared.repo.run(userId, (q) =>
      settleTransfer(q, row, { status: 'unknown', checkedAt: now, checks }),
    );
    if (unknown) {
      this.shared.log.warn(
        { ...intentFields('transfer', row.customId), transferId: row.id },
        'transfer outcome still unknown: no evidence either way',
      );
      await this.announce(userId, unknown);
    }
    return unknown ?? row;
  }

  private async settleSent(
    userId: string,
    row: TransferDbRow,
    record: MoneySendRecord,
    receiverBefore: Money | null,
  ): Promise<TransferDbRow> {
    let received = record.received?.amount ?? (row.currency === row.receivedCurrency ? row.amount : null);
    const checks = row.checks ?? null;
    if (received === null && receiverBefore) {
      // TM does not say what arrived in another currency: the receiver's balance before and after tells it.
      const after = await this.shared.seller.refreshBalance(userId, row.toAccountId).catch(() => null);
      const delta =
        after?.ok && after.currency === receiverBefore.currency
          ? after.balance.available.amount - receiverBefore.amount
          : 0;
      if (delta > 0) received = delta;
    }
    return this.finish(userId, row, { status: 'sent', receivedAmount: received, checks });
  }

  /** Records the outcome, then has both balances read again and tells the user (hub) and the settled hook. */
  private async finish(
    userId: string,
    row: TransferDbRow,
    values: Partial<TransferDbRow> & { status: TransferStatus },
  ): Promise<TransferDbRow> {
    const { ledger } = this.shared;
    const settled =
      (await this.shared.repo.run(userId, async (q) => {
        const moved = await settleTransfer(q, row, { ...values, settledAt: new Date(this.shared.now()) });
        // Money between own accounts is written to the ledger with the outcome that says it moved.
        if (moved?.status === 'sent' && ledger)
          await ledger.write(q.tx, userId, (writer) =>
            writer.transfer({
              id: moved.id,
              fromAccountId: moved.fromAccountId,
              toAccountId: moved.toAccountId,
              amount: moved.amount,
              currency: moved.currency,
              receivedAmount: moved.receivedAmount,
              receivedCurrency: moved.receivedCurrency,
              at: moved.settledAt ?? moved.createdAt,
            }),
          );
        return moved;
      })) ?? row;
    const ref = intentFields('transfer', settled.customId);
    this.shared.log.info(
      { ...ref, transferId: settled.id, status: settled.status, failure: settled.failure },
      'transfer settled',
    );
    for (const accountId of [settled.fromAccountId, settled.toAccountId]) {
      await this.shared.seller
        .refreshBalance(userId, accountId)
        .catch((error: unknown) =>
          this.shared.log.warn({ err: error, ...ref, accountId }, 'balance not read after a transfer'),
        );
    }
    await this.announce(userId, settled);
    if (settled.status === 'sent' || settled.status === 'notSent') {
      await Promise.resolve(this.shared.onTransferSettled?.(userId, toTransferRow(settled, 'en'))).catch(
        (error: unknown) =>
          this.shared.log.warn({ err: error, ...ref, transferId: settled.id }, 'transfer hook failed'),
      );
    }
    return settled;
  }

  private async announce(userId: string, row: TransferDbRow): Promise<void> {
    await this.shared.eventLog.append(
      userId,
      hubEvents.transferUpdated,
      TRANSFER_SOURCE,
      toTransferRow(row, 'en'),
    );
  }

  private async paymentPassword(userId: string, fromId: number, typed: string | undefined): Promise<string> {
    if (typed !== undefined) return typed;
    const row = await this.shared.repo.run(userId, (q) => q.secrets(fromId));
    if (!row?.paymentPasswordEnc) throw rejected('paymentPasswordRequired', { field: 'paymentPassword' });
    return openPaymentPassword(this.shared.secrets, userId, fromId, row.paymentPasswordEnc);
  }

  /** Remember on: the typed key or password is sealed for its account; off with a typed one: the saved one is dropped. */
  private async remember(userId: string, input: SendInput, apiKey: string, toId: number): Promise<void> {
    const { secrets } = this.shared;
    const now = new Date(this.shared.now());
    if (input.apiKey !== undefined) {
      const values = input.rememberKey
        ? {
            receiverKeyEnc: await sealReceiverKey(secrets, userId, toId, apiKey),
            receiverKeyHint: apiKey.slice(-4),
            receiverKeyMismatch: false,
          }
        : { receiverKeyEnc: null, receiverKeyHint: null, receiverKeyMismatch: false };
      await this.shared.repo.run(userId, (q) => q.saveSecrets(toId, values, now));
    }
    if (input.paymentPassword !== undefined) {
      const sealed = input.rememberPassword
        ? await sealPaymentPassword(secrets, userId, input.fromId, input.paymentPassword)
        : null;
      await this.shared.repo.run(userId, (q) =>
        q.saveSecrets(input.fromId, { paymentPasswordEnc: sealed }, now),
      );
    }
  }
}
