import {
  type ConfirmationFilter,
  type ConfirmationOutcome,
  type ConfirmationRow,
  ResultCode,
} from '@tradedeck/sdk/contract';
import type { Language } from '@tradedeck/sdk/i18n';
import { AppError } from '../../http/app-error.ts';
import { markActing } from '../idempotency/index.ts';
import type { TradingFailure } from '../steam-trading/index.ts';
import type { ConfirmationsDeps } from './deps.ts';
import type { ConfirmationJobs } from './job.ts';
import { confirmationMessages, failureText } from './messages.ts';
import type { PendingReader } from './pending.ts';
import { priceOwnTrades } from './priced-items.ts';
import type { AccountRef, ItemValuing, PendingConfirmation } from './types.ts';
import { accountFailureView, matches, toRow } from './views.ts';

/**
 * The confirmations centre: lists what Steam has pending for the chosen accounts and answers what the user chose,
 * one account's confirmations by id, one offer's by its id, or all that match a filter in a job. Which answers need
 * the step-up is decided by `ourOnly` (the routes' waivers): only Tradedeck's own go without it.
 */
export class ConfirmationsService {
  constructor(
    private readonly deps: ConfirmationsDeps,
    private readonly pending: PendingReader,
    private readonly jobs: ConfirmationJobs,
  ) {}

  /**
   * The chosen accounts' confirmations: each account's kept list while the background refresh keeps it fresh,
   * Steam's list now for the others and for all of them with `refresh`. Listing an account keeps it watched.
   */
  async list(
    userId: string,
    filter: ConfirmationFilter & ItemValuing & { refresh?: boolean | undefined },
    lang: Language,
  ) {
    const accounts = await chosenAccounts(this.deps, userId, filter);
    const { refreshEveryMs, watchMs } = this.deps.refresh;
    const now = this.deps.now();
    let keptSince: number | null = null;
    if (refreshEveryMs > 0) {
      await this.deps.snapshots.record(userId, (q) =>
        q.watch(
          accounts.map((account) => account.id),
          new Date(now + watchMs),
        ),
      );
      // The refresh reads a list again once it is refreshEveryMs old; twice that leaves room for its turn.
      if (!filter.refresh) keptSince = now - 2 * refreshEveryMs;
    }
    const { read, failures } = await this.pending.ofMany(userId, accounts, keptSince);
    const items: ConfirmationRow[] = [];
    for (const { account, items: listed, fetchedAt } of read) {
      const shown = listed.filter((item) => matches(item, filter));
      const priced = await priceOwnTrades(this.deps, userId, account.id, shown, filter);
      items.push(...shown.map((item) => toRow(account, item, fetchedAt, priced.get(item.id) ?? null)));
    }
    return {
      items,
      failures: failures.map(({ account, failure }) => accountFailureView(account, failure, lang)),
    };
  }

  /** Whether every one of these confirmations of the account is ours; anything unknown is not. */
  async ourOnly(userId: string, accountId: number, confirmationIds: readonly string[]): Promise<boolean> {
    const account = await this.findAccount(userId, accountId);
    // Another user's or a missing account: nothing will be answered, the handler says not found.
    if (!account) return true;
    const pending = await this.pending.of(userId, accountId, { reuseRecent: true });
    if (!pending.ok) return false;
    return confirmationIds.every((id) => pending.value.find((item) => item.id === id)?.ours === true);
  }

  /** Whether the offer is one Tradedeck sent or accepted on the account that answers it. */
  async offerIsOurs(userId: string, offerId: string, accountId: number | undefined): Promise<boolean> {
    const owner = await this.deps.repo.run(userId, (q) => q.accountOfOffer(offerId));
    if (accountId === undefined) return owner !== null;
    if (!(await this.findAccount(userId, accountId))) return true;
    return owner === accountId;
  }

  async answer(
    userId: string,
    input: { accountId: number; confirmationIds: string[]; accept: boolean },
    lang: Language,
  ): Promise<{ outcomes: ConfirmationOutcome[] }> {
    const account = await this.account(userId, input.accountId);
    const ids = [...new Set(input.confirmationIds)];
    const pending = await this.pending.of(userId, account.id, { reuseRecent: true });
    if (!pending.ok) return { outcomes: ids.map((id) => failed(account.id, id, pending, lang)) };
    const listed = ids.flatMap((id) => pending.value.filter((item) => item.id === id));
    const answered = await this.answerListed(userId, account.id, listed, input.accept, lang);
    return {
      outcomes: ids.map(
        (id) => answered.find((outcome) => outcome.confirmationId === id) ?? gone(account.id, id),
      ),
    };
  }

  async answerOffer(
    userId: string,
    input: { offerId: string; accountId?: number | undefined; accept: boolean },
    lang: Language,
  ): Promise<ConfirmationOutcome> {
    const accountId =
      input.accountId ?? (await this.deps.repo.run(userId, (q) => q.accountOfOffer(input.offerId)));
    if (accountId === null) {
      throw new AppError({ code: ResultCode.NotFound, text: confirmationMessages.offerAccountUnknown });
    }
    const account = await this.account(userId, accountId);
    const pending = await this.pending.of(userId, account.id, { reuseRecent: true });
    if (!pending.ok) return failed(account.id, input.offerId, pending, lang);
    const listed = pending.value.filter((item) => item.kind === 'trade' && item.creatorId === input.offerId);
    if (listed.length === 0) return gone(account.id, input.offerId);
    const [outcome] = await this.answerListed(userId, account.id, listed, input.accept, lang);
    return outcome!;
  }

  /** Starts a job answering every pending confirmation that matches the filter. */
  async answerMatching(userId: string, input: ConfirmationFilter & { accept: boolean }) {
    const { accept, ...filter } = input;
    const accounts = await chosenAccounts(this.deps, userId, filter);
    const { read } = await this.pending.ofMany(userId, accounts);
    const chosen = read.flatMap(({ account, items }) =>
      items.filter((item) => matches(item, filter)).map((item) => ({ account, item })),
    );
    // The job answers on its own once started: a failure from here no longer frees the Idempotency-Key.
    markActing();
    const jobId = await this.jobs.start(userId, 'bulk', accept, filter, chosen);
    return { jobId, total: chosen.length };
  }

  private async answerListed(
    userId: string,
    accountId: number,
    listed: PendingConfirmation[],
    accept: boolean,
    lang: Language,
  ): Promise<ConfirmationOutcome[]> {
    if (listed.length === 0) return [];
    // From here Steam may act: a failure no longer frees the Idempotency-Key (docs/api.md).
    markActing();
    const result = await this.deps.trading.answerConfirmations(userId, accountId, listed, accept);
    await this.pending.forget(userId, accountId);
    if (!result.ok) return listed.map((item) => failed(accountId, item.id, result, lang));
    const answered = new Set(result.value);
    return listed.map((item) =>
      answered.has(item.id)
        ? { accountId, confirmationId: item.id, outcome: 'answered', reason: null, message: null }
        : failed(accountId, item.id, { ok: false, reason: 'unknownError' }, lang),
    );
  }

  private async findAccount(userId: string, accountId: number): Promise<AccountRef | null> {
    const [account] = await this.deps.repo.run(userId, (q) => q.accounts([accountId], undefined));
    return account ?? null;
  }

  private async account(userId: string, accountId: number): Promise<AccountRef> {
    const account = await this.findAccount(userId, accountId);
    if (!account)
      throw new AppError({ code: ResultCode.NotFound, text: confirmationMessages.accountNotFound });
    return account;
  }
}

/** The accounts of a filter; an account id that is not the user's is refused as not found. */
export async function chosenAccounts(
  deps: ConfirmationsDeps,
  userId: string,
  filter: Pick<ConfirmationFilter, 'accountIds' | 'tags'>,
): Promise<AccountRef[]> {
  const accounts = await deps.repo.run(userId, (q) => q.accounts(filter.accountIds, filter.tags));
  const found = new Set(accounts.map((account) => account.id));
  if (filter.accountIds?.some((id) => !found.has(id))) {
    throw new AppError({ code: ResultCode.NotFound, text: confirmationMessages.accountNotFound });
  }
  return accounts;
}

function gone(accountId: number, confirmationId: string): ConfirmationOutcome {
  return { accountId, confirmationId, outcome: 'gone', reason: null, message: null };
}

function failed(
  accountId: number,
  confirmationId: string,
  failure: TradingFailure,
  lang: Language,
): ConfirmationOutcome {
  return {
    accountId,
    confirmationId,
    outcome: 'failed',
    reason: failure.reason,
    message: failureText(failure.reason, lang),
  };
}
