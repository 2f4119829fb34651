import { type contract, type RepriceItem, ResultCode } from '@tradedeck/sdk/contract';
import {
  marketErrorText,
  REPRICE_BATCH_LIMIT,
  type RepricingSummary,
  repricingReasonMessages,
  summarizeDecisions,
} from '@tradedeck/sdk/domain';
import type { Language } from '@tradedeck/sdk/i18n';
import type { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import { announceJob, announceLots } from './announce.ts';
import { reconcileJob } from './apply-reconcile.ts';
import type { Delister } from './delist.ts';
import type { LotsShared } from './deps.ts';
import { withFreshListings } from './listing-check.ts';
import type { MarketAccess } from './market-access.ts';
import { lotMessages } from './messages.ts';
import type { LotQueries } from './repo.ts';
import type { LotDecision, RepriceEngine, RepriceOverrides, WriteJournal } from './reprice-engine.ts';
import type { RepriceRead } from './reprice-read.ts';
import type { RepriceJobDbRow } from './types.ts';
import { jobEvent, toLotChange, toRepriceJob } from './views.ts';

type Input<K extends keyof typeof contract.lots> = z.output<(typeof contract.lots)[K]['input']>;

/** Seller account id to its Steam login (the per-lot answers name the account). */
export type Logins = ReadonlyMap<number, string>;

export function toRepriceItem(item: LotDecision, lang: Language, logins: Logins): RepriceItem {
  const { lot, decision } = item;
  const gone = item.listingGone === 'sold' ? lotMessages.listingSold : lotMessages.listingGone;
  return {
    lotId: lot.id,
    itemId: lot.itemId,
    name: lot.marketHashName,
    account: { id: lot.sellerAccountId, login: logins.get(lot.sellerAccountId) ?? '' },
    outcome: decision.outcome,
    reason: decision.reason,
    // A listing gone since the last sync, or the market's refusal in words, never its raw code (which stays in
    // `marketError` for scripts).
    message: item.listingGone
      ? gone[lang]
      : item.marketError
        ? `${repricingReasonMessages[lang][decision.reason]}: ${marketErrorText(item.marketError, lang)}`
        : repricingReasonMessages[lang][decision.reason],
    price: lot.price === null ? null : { currency: lot.currency as 'RUB', amount: Number(lot.price) },
    newPrice: decision.newPrice ?? null,
    target: decision.target ?? null,
    retryAt: decision.retryAt ? decision.retryAt.toISOString() : null,
    marketError: item.marketError,
    ...(decision.referencesUsed ? { referencesUsed: decision.referencesUsed } : {}),
    ...(decision.referencesDropped ? { referencesDropped: decision.referencesDropped } : {}),
  };
}

/**
 * Repricing with preview: the preview runs the decisions dry; apply runs the same decisions, writes them as a job
 * (its row holds the planned lots before the first market call, then the per-lot outcomes) and stores the outcome
 * on the lots. The repricing tick runs `applyDecided` too.
 */
export class RepriceService {
  constructor(
    private readonly deps: LotsShared,
    private readonly engine: RepriceEngine,
    private readonly access: MarketAccess,
    private readonly delister: Pick<Delister, 'queue'>,
  ) {}

  /** The decisions over the picked lots as the market lists them now (preview and apply alike). */
  private async decideFresh(userId: string, stored: RepriceRead, overrides: RepriceOverrides) {
    const { read, gone } = await withFreshListings(this.deps, this.access, this.delister, userId, stored);
    const decided = await this.engine.decide(userId, read, overrides, new Date(this.deps.now()));
    for (const item of decided) {
      const why = gone.get(item.lot.id);
      if (why) item.listingGone = why;
    }
    return decided;
  }

  /** The selected lots (lean rows, with the user's other listings) and the logins of the user's accounts. */
  private async lotsOf(userId: string, input: Input<'repricePreview'>) {
    const { read, logins } = await this.deps.repo.run(userId, async (q) => ({
      read: await q.repriceRead(input.selection),
      logins: await loginsOf(q),
    }));
    if (read.lots.length > 0) return { read, logins };
    const onlyGroups = input.selection.groupKeys && !input.selection.ids && !input.selection.filters;
    throw new AppError({
      code: ResultCode.InvalidModel,
      text: onlyGroups ? lotMessages.noOrdersInGroup : lotMessages.noValidOrders,
    });
  }

  private overrides(input: Input<'repricePreview'>): RepriceOverrides {
    return { strategy: input.strategy, profile: input.profile };
  }

  async preview(userId: string, input: Input<'repricePreview'>, lang: Language) {
    const { read, logins } = await this.lotsOf(userId, input);
    const decided = await this.decideFresh(userId, read, this.overrides(input));
    const summary: RepricingSummary = { changed: 0, unchanged: 0, unavailable: 0, failed: 0 };
    const items: RepriceItem[] = [];
    let wanted = 0;
    for (const item of decided) {
      const outcome = item.decision.outcome;
      summary[outcome] += 1;
      if (input.withOutcomes.length > 0 && !input.withOutcomes.includes(outcome)) continue;
      wanted += 1;
      if (items.length < input.itemsLimit) items.push(toRepriceItem(item, lang, logins));
    }
    return {
      total: read.lots.length,
      summary,
      items,
      itemsTruncated: wanted > input.itemsLimit,
      batches: countBatches(decided),
    };
  }

  async apply(userId: string, input: Input<'repriceApply'>, lang: Language) {
    const { read, logins } = await this.lotsOf(userId, input);
    const overrides = this.overrides(input);
    const decided = await this.decideFresh(userId, read, overrides);
    const job = await this.deps.repo.run(userId, (q) =>
      q.insertJob({
        status: 'running',
        lang,
        heartbeatAt: new Date(this.deps.now()),
        owner: this.deps.processId,
        total: decided.length,
        summary: summarizeDecisions(decided.map((item) => item.decision)),
        strategy: input.strategy ?? null,
        profile: input.profile ?? null,
        items: decided.map((item) => toRepriceItem(item, lang, logins)),
      }),
    );
    const run = this.applyDecided(
      userId,
      decided,
      input.remember ? overrides : null,
      lang,
      job,
      logins,
    ).catch(async (error: unknown) => {
      this.deps.log.warn({ err: error, jobId: job.id }, 'repricing job failed');
      // Ends from its batch rows; when even that fails, the job stays running and is reconciled later.
      await reconcileJob(this.deps, userId, job.id).catch((cause: unknown) =>
        this.deps.log.warn({ err: cause, jobId: job.id }, 'repricing job left to reconcile'),
      );
    });
    if (input.wait) {
      await run;
      return this.job(userId, job.id, input.itemsLimit);
    }
    void run;
    return toRepriceJob(job, input.itemsLimit);
  }

  async job(userId: string, id: number, itemsLimit: number) {
    const row = await this.deps.repo.run(userId, (q) => q.job(id));
    if (!row) throw new AppError({ code: ResultCode.NotFound, text: lotMessages.jobNotFound });
    return toRepriceJob(row, itemsLimit);
  }

  /** Writes decided prices, stores the outcomes on the lots (and the job), announces what changed. */
  async applyDecided(
    userId: string,
    decided: LotDecision[],
    remember: RepriceOverrides | null,
    lang: Language,
    job: RepriceJobDbRow | null,
    logins: Logins = new Map(),
  ): Promise<RepricingSummary> {
    const written = await this.engine.write(
      userId,
      decided,
      job ? await this.journal(userId, job, decided) : undefined,
    );
    const summary = summarizeDecisions(written.map((item) => item.decision));
    const now = new Date(this.deps.now());
    await this.deps.repo.run(userId, async (q) => {
      const changed = await this.engine.record(q, written, now, remember);
      await announceLots(
        this.deps.eventLog,
        q,
        changed.map((row) => toLotChange(row)),
      );
      if (!job) return;
      const row = await q.updateJob(job.id, {
        status: 'done',
        done: written.length,
        summary,
        items: written.map((item) => toRepriceItem(item, lang, logins)),
        finishedAt: now,
        heartbeatAt: null,
      });
      if (row) await announceJob(this.deps.eventLog, q, jobEvent(row));
    });
    return summary;
  }

  /** Each batch recorded before it is sent and after its answer, with the job's progress and heartbeat. */
  private async journal(
    userId: string,
    job: RepriceJobDbRow,
    decided: readonly LotDecision[],
  ): Promise<WriteJournal> {
    let done = decided.filter((item) => item.decision.outcome !== 'changed').length;
    let batchId = 0;
    const progress = async (q: LotQueries, now: Date) => {
      const row = await q.updateJob(job.id, { done, heartbeatAt: now });
      if (row) await announceJob(this.deps.eventLog, q, jobEvent(row));
    };
    await this.deps.repo.run(userId, (q) => progress(q, new Date(this.deps.now())));
    return {
      sending: async (sellerAccountId, itemIds) => {
        const now = new Date(this.deps.now());
        batchId = await this.deps.repo.run(userId, async (q) => {
          await q.updateJob(job.id, { heartbeatAt: now });
          return q.batches.sending(job.id, sellerAccountId, itemIds, now);
        });
      },
      // The batch's answer and the job's progress in one transaction: one round trip per batch, never apart.
      answered: async (refused, count) => {
        const now = new Date(this.deps.now());
        done += count;
        await this.deps.repo.run(userId, async (q) => {
          await q.batches.answered(batchId, refused, now);
          await progress(q, now);
        });
      },
    };
  }
}

/** How many mass calls apply would make: per account, its changed lots in calls of at most 50. */
function countBatches(decided: readonly LotDecision[]): number {
  const changedByAccount = new Map<number, number>();
  for (const item of decided)
    if (item.decision.outcome === 'changed' && item.decision.newPrice)
      changedByAccount.set(
        item.lot.sellerAccountId,
        (changedByAccount.get(item.lot.sellerAccountId) ?? 0) + 1,
      );
  let batches = 0;
  for (const count of changedByAccount.values()) batches += Math.ceil(count / REPRICE_BATCH_LIMIT);
  return batches;
}

/** Seller account id to login, for the per-lot answers. */
export async function loginsOf(q: LotQueries): Promise<Logins> {
  return new Map((await q.accounts()).map((account) => [account.id, account.login]));
}
