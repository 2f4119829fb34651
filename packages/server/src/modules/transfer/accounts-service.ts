/** The transfer dialog's reads: the TM accounts with balances, the member check, the history, a saved key. */
import { type Contract, ResultCode } from '@tradedeck/sdk/contract';
import type { Language } from '@tradedeck/sdk/i18n';
import type { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import type { TransferShared } from './deps.ts';
import { checkMember, MEMBER_REASON_TEXT } from './member-check.ts';
import { transferMessages } from './messages.ts';
import { openReceiverKey } from './secrets.ts';
import { toTmAccount, toTransferRow } from './views.ts';

type Input<K extends keyof Contract['transfer']> = z.output<Contract['transfer'][K]['input']>;

const notFound = () => new AppError({ code: ResultCode.NotFound, text: transferMessages.accountNotFound });

export class TransferAccountsService {
  constructor(private readonly shared: TransferShared) {}

  async accounts(userId: string) {
    const facts = await this.shared.seller.tmAccounts(userId);
    const secrets = await this.shared.repo.run(userId, (q) => q.secretsOf(facts.map((f) => f.id)));
    const byAccount = new Map(secrets.map((row) => [row.sellerAccountId, row]));
    return { items: facts.map((f) => toTmAccount(f, byAccount.get(f.id) ?? null)) };
  }

  async balance(userId: string, id: number) {
    const read = await this.shared.seller.refreshBalance(userId, id);
    if (!read) throw notFound();
    if (!read.ok) {
      throw new AppError({
        code: ResultCode.ServiceUnavailable,
        text: transferMessages.loadFailed,
        details: { reason: read.reason },
      });
    }
    return this.account(userId, id);
  }

  async memberCheck(userId: string, input: Input<'memberCheck'>, lang: Language) {
    // The sender is only checked to be the user's: nothing on the market says ahead whether money may go.
    if (input.fromId !== undefined && !(await this.shared.seller.tmAccount(userId, input.fromId)))
      throw notFound();
    const member = await checkMember(this.shared, userId, { toId: input.toId, apiKey: input.apiKey });
    return {
      member: member.reason === null,
      currency: member.currency,
      reason: member.reason,
      message: member.reason ? transferMessages[MEMBER_REASON_TEXT[member.reason]][lang] : null,
    };
  }

  async revealKey(userId: string, id: number) {
    const row = await this.shared.repo.run(userId, (q) => q.secrets(id));
    if (!row?.receiverKeyEnc) {
      throw new AppError({ code: ResultCode.NotFound, text: transferMessages.noSavedKey });
    }
    return { apiKey: await openReceiverKey(this.shared.secrets, userId, id, row.receiverKeyEnc) };
  }

  async get(userId: string, id: number, lang: Language) {
    const row = await this.shared.repo.run(userId, (q) => q.get(id));
    if (!row) throw new AppError({ code: ResultCode.NotFound, text: transferMessages.transferNotFound });
    return toTransferRow(row, lang);
  }

  async history(userId: string, input: Input<'history'>, lang: Language) {
    const { page, pageSize } = input.pages;
    if (input.accountId !== undefined && !(await this.shared.seller.tmAccount(userId, input.accountId)))
      throw notFound();
    const { rows, total } = await this.shared.repo.run(userId, (q) =>
      q.page(input.accountId, page, pageSize),
    );
    return { items: rows.map((row) => toTransferRow(row, lang)), total, page, pageSize };
  }

  private async account(userId: string, id: number) {
    const facts = await this.shared.seller.tmAccount(userId, id);
    if (!facts) throw notFound();
    const secrets = await this.shared.repo.run(userId, (q) => q.secrets(id));
    return toTmAccount(facts, secrets);
  }
}
