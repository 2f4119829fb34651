import { type contract, type RepriceItem, ResultCode } from '@tradedeck/sdk/contract';
import {
  priceWriteBatches,
  type RepricingSummary,
  repricingReasonMessages,
  summarizeDecisions,
} from '@tradedeck/sdk/domain';
import type { Language } from '@tradedeck/sdk/i18n';
import type { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import { announceJob, announceLots } from './announce.ts';
import { reconcileJob } from './apply-reconcile.ts';
import type { LotsShared } from './deps.ts';
import { pickLots } from './lot-service.ts';
import { lotMessages } from './messages.ts';
import type { LotView, RepriceJobDbRow } from './repo.ts';
import type { LotDecision, RepriceEngine, RepriceOverrides, WriteJournal } from './reprice-engine.ts';
import { jobEvent, toLotChange, toRepriceJob } from './views.ts';

type Input<K extends keyof typeof contract.lots> = z.output<(typeof contract.lots)[K]['input']>;

export function toRepriceItem(item: LotDecision, lang: Language): RepriceItem {
  const { lot, decision } = item;
  return {
    lotId: lot.id,
    itemId: lot.itemId,
    name: lot.marketHashName,
    account: { id: lot.sellerAccountId, login: lot.login },
    outcome: decision.outcome,
    reason: decision.reason,
    message: repricingReasonMessages[lang][decision.reason],
    price: lot.price === null ? null : { currency: lot.currency as 'RUB', amount: Number(lot.price) },
    newPrice: decision.newPrice ?? null,
    target: decision.target ?? null,
    retryAt: decision.retryAt ? decision.retryAt.toISOString() : null,
    marketError: item.marketError,
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
  ) {}

  private async lotsOf(userId: string, input: Input<'repricePreview'>): Promise<LotView[]> {
    const { lots } = await pickLots(this.deps, userId, input.selection);
    if (lots.length > 0) return lots;
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
    const lots = await this.lotsOf(userId, input);
    const decided = await this.engine.decide(userId, lots, this.overrides(input), new Date(this.deps.now()));
    const wanted = decided.filter(
      (item) => input.withOutcomes.length === 0 || input.withOutcomes.includes(item.decision.outcome),
    );
    const decisions = decided.map((item) => item.decision);
    return {
      total: lots.length,
      summary: summarizeDecisions(decisions),
      items: wanted.slice(0, input.itemsLimit).map((item) => toRepriceItem(item, lang)),
      itemsTruncated: wanted.length > input.itemsLimit,
      batches: countBatches(decided),
    };
  }

  async apply(userId: string, input: Input<'repriceApply'>, lang: Language) {
    const lots = await this.lotsOf(userId, input);
    const overrides = this.overrides(input);
    const decided = await this.engine.decide(userId, lots, overrides, new Date(this.deps.now()));
    const job = await this.deps.repo.run(userId, (q) =>
      q.insertJob({
        status: 'running',
        lang,
        heartbeatAt: new Date(this.deps.now()),
        total: decided.length,
        summary: summarizeDecisions(decided.map((item) => item.decision)),
        strategy: input.strategy ?? null,
        profile: input.profile ?? null,
        items: decided.map((item) => toRepriceItem(item, lang)),
      }),
    );
    const run = this.applyDecided(userId, decided, input.remember ? overrides : null, lang, job).catch(
      async (error: unknown) => {
        this.deps.log.warn({ err: error, jobId: job.id }, 'repricing job failed');
        // Ends from its batch rows; when even that fails, the job stays running and is reconciled later.
        await reconcileJob(this.deps, userId, job.id).catch((cause: unknown) =>
          this.deps.log.warn({ err: cause, jobId: job.id }, 'repricing job left to reconcile'),
        );
      },
    );
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
        items: written.map((item) => toRepriceItem(item, lang)),
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
    const progress = async (now: Date) =>
      this.deps.repo.run(userId, async (q) => {
        const row = await q.updateJob(job.id, { done, heartbeatAt: now });
        if (row) await announceJob(this.deps.eventLog, q, jobEvent(row));
      });
    await progress(new Date(this.deps.now()));
    return {
      sending: async (sellerAccountId, itemIds) => {
        const now = new Date(this.deps.now());
        batchId = await this.deps.repo.run(userId, async (q) => {
          await q.updateJob(job.id, { heartbeatAt: now });
          return q.batches.sending(job.id, sellerAccountId, itemIds, now);
        });
      },
      answered: async (refused, count) => {
        const now = new Date(this.deps.now());
        await this.deps.repo.run(userId, (q) => q.batches.answered(batchId, refused, now));
        done += count;
        await progress(now);
      },
    };
  }
}

function countBatches(decided: readonly LotDecision[]): number {
  const byAccount = new Map<number, LotDecision['decision'][]>();
  for (const item of decided) {
    const list = byAccount.get(item.lot.sellerAccountId) ?? [];
    list.push(item.decision);
    byAccount.set(item.lot.sellerAccountId, list);
  }
  let batches = 0;
  for (const decisions of byAccount.values()) batches += priceWriteBatches(decisions).length;
  return batches;
}
