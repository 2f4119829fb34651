/**
 * An apply job cut by a crash (or a failure between its market calls) ends from what its batch rows say: a batch
 * answered by the market keeps its written prices (stored on the lots) and its refusals; a batch recorded as sending
 * but never answered may or may not have been taken, so its lots end failed with "the next sync shows it"; lots never
 * sent end failed as not done. Nothing is sent again.
 */
import type { RepriceItem } from '@tradedeck/sdk/contract';
import { marketErrorText, type RepricingSummary, repricingReasonMessages } from '@tradedeck/sdk/domain';
import type { Language } from '@tradedeck/sdk/i18n';
import { ownerGone } from '../../jobs/process-owner.ts';
import { announceJob, announceLots } from './announce.ts';
import type { RepriceBatchDbRow } from './batch-repo.ts';
import type { LotsShared } from './deps.ts';
import { lotMessages } from './messages.ts';
import type { LotPatch, RepriceJobDbRow } from './types.ts';
import { jobEvent, toLotChange } from './views.ts';

interface Fate {
  answeredAt: Date | null;
  refused: string | undefined;
}

function fatesOf(batches: readonly RepriceBatchDbRow[]): Map<string, Fate> {
  const fates = new Map<string, Fate>();
  for (const batch of batches)
    for (const itemId of batch.itemIds)
      fates.set(itemId, {
        answeredAt: batch.state === 'answered' ? batch.answeredAt : null,
        refused: batch.state === 'answered' ? batch.refused[itemId] : undefined,
      });
  return fates;
}

/** The job's planned items with the outcome its batches reached. */
export function settledItems(job: RepriceJobDbRow, batches: readonly RepriceBatchDbRow[]) {
  const lang = (job.lang === 'ru' ? 'ru' : 'en') as Language;
  const fates = fatesOf(batches);
  const written: { item: RepriceItem; at: Date }[] = [];
  const items = (job.items as RepriceItem[]).map((item): RepriceItem => {
    if (item.outcome !== 'changed' || !item.itemId) return item;
    const fate = fates.get(item.itemId);
    if (fate?.answeredAt && fate.refused === undefined) {
      written.push({ item, at: fate.answeredAt });
      return item;
    }
    // A price never sent, or sent with no answer recorded, was not refused by the market: the item says what did
    // happen. Only a batch the market answered carries the market's own refusal.
    const refusal = fate?.answeredAt ? (fate.refused ?? null) : null;
    const message = !fate
      ? lotMessages.interruptedNotSent[lang]
      : fate.answeredAt
        ? refusal === null
          ? repricingReasonMessages[lang].write_failed
          : `${repricingReasonMessages[lang].write_failed}: ${marketErrorText(refusal, lang)}`
        : lotMessages.interruptedUnknown[lang];
    return {
      ...item,
      outcome: 'failed',
      reason: 'write_failed',
      message,
      newPrice: null,
      // The market's own code, for scripts; the message above says it in words.
      marketError: refusal,
    };
  });
  const summary: RepricingSummary = { changed: 0, unchanged: 0, unavailable: 0, failed: 0 };
  for (const item of items) summary[item.outcome] += 1;
  return { items, written, summary };
}

/** Ends one running job from its batches (nothing when it is no longer running). */
export async function reconcileJob(deps: LotsShared, userId: string, jobId: number): Promise<void> {
  await deps.repo.run(userId, async (q) => {
    const job = await q.job(jobId);
    if (job?.status !== 'running') return;
    const { items, written, summary } = settledItems(job, await q.batches.ofJob(jobId));
    const now = new Date(deps.now());
    const patches: LotPatch[] = written.map(({ item, at }) => ({
      id: item.lotId,
      price: item.newPrice?.amount ?? null,
      lastWrittenPrice: item.newPrice?.amount ?? null,
      lastPriceWriteAt: at,
      priceUpdatedAt: at,
      lastRepriceReason: item.reason,
    }));
    const changed = await q.patch(patches, now);
    await announceLots(
      deps.eventLog,
      q,
      changed.map((row) => toLotChange(row)),
    );
    const row = await q.updateJob(jobId, {
      status: summary.failed > 0 ? 'failed' : 'done',
      done: job.total,
      summary,
      items,
      finishedAt: now,
      heartbeatAt: null,
    });
    if (row) await announceJob(deps.eventLog, q, jobEvent(row));
  });
}

/**
 * A running job whose process stopped renewing it for this long was cut (Postgres: several processes). Long, as a
 * market call in flight renews nothing; a job of a process that died on this machine is ended at once instead.
 */
export const APPLY_STALE_MS = 120_000;

/**
 * Ends every interrupted job: all running ones (`staleBefore` null), or those whose heartbeat stopped before it
 * and those whose process is gone.
 */
export async function reconcileInterrupted(deps: LotsShared, staleBefore: Date | null): Promise<number> {
  const jobs = (await deps.repo.interruptedJobs(staleBefore, deps.processId)).filter(
    (job) => job.stale || (job.owner !== null && ownerGone(job.owner, deps.processId)),
  );
  for (const job of jobs) await reconcileJob(deps, job.userId, job.id);
  return jobs.length;
}
