import { type contract, type LotFailure, ResultCode, type ThresholdsResult } from '@tradedeck/sdk/contract';
import {
  type Currency,
  LOT_ISSUES,
  LOT_STATUSES,
  type LotIssue,
  type LotStatus,
  REPRICE_BATCH_LIMIT,
  thresholdGroupResult,
  validateThresholds,
} from '@tradedeck/sdk/domain';
import type { Language } from '@tradedeck/sdk/i18n';
import type { z } from 'zod';
import { listWindow } from '../../db/list-page.ts';
import { AppError } from '../../http/app-error.ts';
import type { MarketFailure } from '../../integrations/market/port.ts';
import { patchAndAnnounce } from './announce.ts';
import { delistedPatch, takeDown } from './delist.ts';
import type { LotsShared } from './deps.ts';
import { issuesOf } from './issues.ts';
import type { Lister, ListOutcome } from './listing-job.ts';
import type { MarketAccess } from './market-access.ts';
import { fill, lotMessages } from './messages.ts';
import { ensureOwnAccounts } from './own-accounts.ts';
import type { LotSync } from './sync.ts';
import type { LotPatch, LotPick, LotView } from './types.ts';
import { toLotGroup, toLotRow } from './views.ts';

type Input<K extends keyof typeof contract.lots> = z.output<(typeof contract.lots)[K]['input']>;
type Texts = Record<Language, string>;

function failureOf(id: number, code: number, text: Texts, lang: Language, reason: string | null): LotFailure {
  return { id, resultCode: code, message: text[lang], reason };
}

/** The lots of a selection; ids that name no lot of the user answer not found per id. */
export async function pickLots(deps: LotsShared, userId: string, pick: LotPick) {
  const lots = await deps.repo.run(userId, (q) => q.picked(pick));
  const found = new Set(lots.map((lot) => lot.id));
  const missing = (pick.ids ?? []).filter((id) => !found.has(id));
  return { lots, missing };
}

/** A market failure of a whole call as the text a lot shows. */
export function marketFailureText(failure: Pick<MarketFailure, 'reason'>): Texts {
  return failure.reason === 'marketUnavailable' || failure.reason === 'rateLimited'
    ? lotMessages.marketUnavailable
    : lotMessages.marketRefused;
}

/** Lots: list, groups, counters, thresholds, settings, copy, mass delete, sync and add-to-sale. */
export class LotService {
  constructor(
    private readonly deps: LotsShared,
    private readonly access: MarketAccess,
    private readonly sync: LotSync,
    private readonly lister: Pick<Lister, 'listAndWait'>,
  ) {}

  async query(userId: string, input: Input<'query'>) {
    await ensureOwnAccounts(this.deps, userId, input.accountIds);
    const answer = await this.deps.repo.run(userId, (q) =>
      q.page(input, input.sort, listWindow(input, q.listKeys(input.sort))),
    );
    return { ...answer, items: answer.items.map(toLotRow) };
  }

  async groups(userId: string, input: Input<'groups'>) {
    await ensureOwnAccounts(this.deps, userId, input.accountIds);
    const { page, pageSize } = input.pages;
    const found = await this.deps.repo.run(userId, (q) =>
      q.groups(input, input.sort, page, pageSize, input.childLimit),
    );
    const items = found.groups.map((group) =>
      toLotGroup(
        group,
        found.children.filter(
          (lot) => lot.game === group.game && lot.marketHashName === group.marketHashName,
        ),
        input.childLimit,
      ),
    );
    return { items, total: found.total, page, pageSize };
  }

  async counters(userId: string, input: Input<'counters'>) {
    await ensureOwnAccounts(this.deps, userId, input.accountIds);
    const found = await this.deps.repo.run(userId, (q) => q.counters(input.accountIds));
    const byStatus = Object.fromEntries(LOT_STATUSES.map((status) => [status, 0])) as Record<
      LotStatus,
      number
    >;
    const byIssue = Object.fromEntries(LOT_ISSUES.map((issue) => [issue, 0])) as Record<LotIssue, number>;
    for (const row of found.byStatus) byStatus[row.status as LotStatus] = row.count;
    for (const row of found.byIssue) byIssue[row.issue as LotIssue] = row.count;
    return { ...found.totals, byStatus, byIssue };
  }

  async get(userId: string, id: number) {
    const lot = await this.deps.repo.run(userId, (q) => q.get(id));
    if (!lot) throw new AppError({ code: ResultCode.NotFound, text: lotMessages.lotNotFound });
    return toLotRow(lot);
  }

  async setThresholds(userId: string, input: Input<'setThresholds'>, lang: Language) {
    const { lots, missing } = await pickLots(this.deps, userId, input.selection);
    const failures: ThresholdsResult['failures'] = missing.map((id) => ({
      ...failureOf(id, ResultCode.NotFound, lotMessages.lotNotFound, lang, null),
      issues: [],
    }));
    const patches: LotPatch[] = [];
    for (const lot of lots) {
      const checked = validateThresholds(input.min, input.max, lot.currency as Currency);
      if (!checked.ok) {
        failures.push({
          id: lot.id,
          resultCode: ResultCode.ValidationError,
          message: checked.issues.map((issue) => issue[lang]).join('; '),
          reason: checked.issues[0]?.code ?? null,
          issues: checked.issues.map((issue) => ({
            field: issue.field,
            code: issue.code,
            message: issue[lang],
          })),
        });
        continue;
      }
      const next = { ...lot, minPrice: checked.min.amount, maxPrice: checked.max.amount };
      patches.push({ id: lot.id, minPrice: next.minPrice, maxPrice: next.maxPrice, issues: issuesOf(next) });
    }
    await this.patchAndAnnounce(userId, patches);
    const result = thresholdGroupResult([
      ...patches.map(() => ({ ok: true })),
      ...failures.map(() => ({ ok: false })),
    ]);
    return {
      outcome: result.outcome,
      applied: result.applied,
      failed: result.failed,
      total: result.total,
      message: result[lang],
      failures,
    };
  }

  async update(userId: string, input: Input<'update'>, lang: Language) {
    const { lots, missing } = await pickLots(this.deps, userId, input.selection);
    const failed = missing.map((id) =>
      failureOf(id, ResultCode.NotFound, lotMessages.lotNotFound, lang, null),
    );
    const patches: LotPatch[] = [];
    for (const lot of lots) {
      if (input.purchasePrice && input.purchasePrice.currency !== lot.currency) {
        failed.push(
          failureOf(lot.id, ResultCode.ValidationError, lotMessages.currencyMismatch, lang, 'currency'),
        );
        continue;
      }
      patches.push({
        id: lot.id,
        ...(input.profile ? { profile: input.profile } : {}),
        ...(input.strategy ? { strategy: input.strategy } : {}),
        ...(input.purchasePrice !== undefined ? { purchasePrice: input.purchasePrice?.amount ?? null } : {}),
      });
    }
    await this.patchAndAnnounce(userId, patches);
    return this.batchAnswer(patches, failed, lotMessages.updateError, lang);
  }

  async copySettings(userId: string, input: Input<'copySettings'>, lang: Language) {
    const source = await this.deps.repo.run(userId, (q) => q.get(input.fromId));
    if (!source) throw new AppError({ code: ResultCode.NotFound, text: lotMessages.lotNotFound });
    const { lots, missing } = await pickLots(this.deps, userId, input.selection);
    const failed = missing.map((id) =>
      failureOf(id, ResultCode.NotFound, lotMessages.lotNotFound, lang, null),
    );
    const patches: LotPatch[] = [];
    for (const lot of lots) {
      if (lot.id === source.id) continue;
      if (input.thresholds && lot.currency !== source.currency) {
        failed.push(
          failureOf(lot.id, ResultCode.ValidationError, lotMessages.currencyMismatch, lang, 'currency'),
        );
        continue;
      }
      const patch: LotPatch = { id: lot.id };
      if (input.thresholds) {
        Object.assign(patch, { minPrice: source.minPrice, maxPrice: source.maxPrice });
        patch.issues = issuesOf({ ...lot, minPrice: source.minPrice, maxPrice: source.maxPrice });
      }
      if (input.profile) patch.profile = source.profile;
      if (input.strategy) patch.strategy = source.strategy;
      patches.push(patch);
    }
    await this.patchAndAnnounce(userId, patches);
    return this.batchAnswer(patches, failed, lotMessages.copyError, lang);
  }

  /** Mass delete: listings taken off sale (price zero) per account in calls of at most 50, per-lot outcomes. */
  async remove(userId: string, input: Input<'remove'>, lang: Language) {
    const { lots, missing } = await pickLots(this.deps, userId, input.selection);
    if (lots.length === 0 && missing.length === 0)
      throw new AppError({ code: ResultCode.InvalidModel, text: lotMessages.noItemsSelected });
    const failures = missing.map((id) =>
      failureOf(id, ResultCode.NotFound, lotMessages.lotNotFound, lang, null),
    );
    const listed: LotView[] = [];
    for (const lot of lots) {
      if (lot.status === 'on_sale' && lot.itemId) listed.push(lot);
      else
        failures.push(failureOf(lot.id, ResultCode.InvalidState, lotMessages.notOnSale, lang, 'not_on_sale'));
    }
    const delisted: LotPatch[] = [];
    const accounts = await this.deps.repo.run(userId, (q) => q.accounts());
    for (const account of accounts) {
      const ofAccount = listed.filter((lot) => lot.sellerAccountId === account.id);
      for (let start = 0; start < ofAccount.length; start += REPRICE_BATCH_LIMIT) {
        const batch = ofAccount.slice(start, start + REPRICE_BATCH_LIMIT);
        const outcomes = await takeDown(this.access, account, batch);
        batch.forEach((lot, index) => {
          const outcome = outcomes[index];
          if (outcome?.ok) {
            delisted.push(delistedPatch(lot));
            return;
          }
          const detail = outcome ? (outcome.detail ?? outcome.reason) : 'no answer';
          failures.push(
            failureOf(
              lot.id,
              ResultCode.OperationRejected,
              outcome ? marketFailureText(outcome) : lotMessages.deleteError,
              lang,
              detail,
            ),
          );
        });
      }
    }
    await this.patchAndAnnounce(userId, delisted);
    return {
      deleted: delisted.length,
      failed: failures.length,
      failures,
      message:
        failures.length === 0
          ? null
          : fill(lotMessages.someNotDeleted, { deleted: delisted.length, failed: failures.length })[lang],
    };
  }

  async syncNow(userId: string, input: Input<'sync'>, lang: Language) {
    await ensureOwnAccounts(this.deps, userId, input.accountIds);
    const accounts = await this.deps.repo.run(userId, (q) => q.accounts(input.accountIds));
    let lots = 0;
    let sales = 0;
    const failed: { account: { id: number; login: string }; resultCode: number; message: string }[] = [];
    for (const account of accounts) {
      const outcome = await this.sync.account(userId, account);
      if (outcome.ok) {
        lots += outcome.lots;
        sales += outcome.sales;
      } else
        failed.push({
          account: { id: account.id, login: account.login },
          resultCode: ResultCode.OperationRejected,
          message: `${lotMessages.syncError[lang]}: ${marketFailureText(outcome.failure)[lang]}`,
        });
    }
    return { accounts: accounts.length - failed.length, lots, sales, failed };
  }

  /** Lists inventory lots at the given prices per account in calls of at most 50; answers per item. */
  async addToSale(userId: string, input: Input<'addToSale'>, lang: Language) {
    const prices = new Map(input.items.map((item) => [item.id, item.price]));
    const { lots, missing } = await pickLots(this.deps, userId, { ids: [...prices.keys()] });
    const results: {
      id: number;
      ok: boolean;
      itemId: string | null;
      resultCode: number;
      message: string;
      reason: string | null;
    }[] = missing.map((id) => ({
      ...failureOf(id, ResultCode.NotFound, lotMessages.lotNotFound, lang, null),
      ok: false,
      itemId: null,
    }));
    const ready: LotView[] = [];
    for (const lot of lots) {
      const price = prices.get(lot.id)!;
      const refusal =
        lot.status !== 'in_inventory'
          ? lotMessages.notInInventory
          : price.currency !== lot.currency
            ? lotMessages.currencyMismatch
            : price.amount <= 0
              ? lotMessages.priceNotPositive
              : null;
      if (refusal)
        results.push({
          ...failureOf(lot.id, ResultCode.ValidationError, refusal, lang, null),
          ok: false,
          itemId: null,
        });
      else ready.push(lot);
    }
    // The job is the intent: a cut run is resumed by the next start and lists each item once.
    const ran =
      ready.length === 0
        ? []
        : await this.lister.listAndWait(
            userId,
            ready.map((lot) => ({ lotId: lot.id, price: prices.get(lot.id)! })),
          );
    const outcomes = ran ?? (await this.outcomesFromLots(userId, ready));
    let listed = 0;
    for (const outcome of outcomes) {
      if (outcome.detail === null) {
        listed += 1;
        results.push({
          id: outcome.id,
          ok: true,
          itemId: outcome.itemId,
          resultCode: 0,
          message: '',
          reason: null,
        });
      } else
        results.push({
          ...failureOf(
            outcome.id,
            ResultCode.OperationRejected,
            lotMessages.marketRefused,
            lang,
            outcome.detail,
          ),
          ok: false,
          itemId: null,
        });
    }
    const failed = results.filter((item) => !item.ok).length;
    return {
      listed,
      failed,
      items: results.sort((a, b) => a.id - b.id),
      message: failed === 0 ? null : lotMessages.addToSaleError[lang],
    };
  }

  /** A listing job another process ran: each lot's end as the lots show it now. */
  private async outcomesFromLots(userId: string, ready: readonly LotView[]): Promise<ListOutcome[]> {
    const { lots } = await pickLots(this.deps, userId, { ids: ready.map((lot) => lot.id) });
    return lots.map((lot) =>
      lot.status === 'on_sale'
        ? { id: lot.id, itemId: lot.itemId, detail: null }
        : { id: lot.id, itemId: null, detail: 'not listed' },
    );
  }

  private patchAndAnnounce(userId: string, patches: LotPatch[]) {
    return patchAndAnnounce(this.deps, userId, patches);
  }

  private batchAnswer(patches: LotPatch[], failed: LotFailure[], text: Texts, lang: Language) {
    return {
      succeededIds: patches.map((patch) => patch.id),
      failed,
      message: failed.length === 0 ? null : text[lang],
    };
  }
}
