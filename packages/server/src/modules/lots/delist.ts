/**
 * Auto-delist (docs/market.md, "List on several, sell once"): once an item sells on one market, its listing on
 * the Steam account's other market is taken down, exactly once and recorded. The mark on the other lot
 * (`sold_elsewhere`) is written in the transaction that records the sale (the intent); the delist itself is a job
 * queued after it, so the sale never waits for another market. A delist the market refuses or never answers is
 * tried again by the job and then by the supervisor; meanwhile the seller's delivery engine holds back a second
 * sale of the item (never delivered twice).
 */

import type { LotChange } from '@tradedeck/sdk/contract';
import { type Currency, REPRICE_BATCH_LIMIT } from '@tradedeck/sdk/domain';
import type { MarketItemOutcome } from '../../integrations/market/port.ts';
import type { JobContext } from '../../jobs/jobs.ts';
import { announceLots } from './announce.ts';
import { SOLD_ELSEWHERE } from './delist-repo.ts';
import type { LotsShared } from './deps.ts';
import { issuesOf } from './issues.ts';
import type { MarketAccess } from './market-access.ts';
import type { LotQueries } from './repo.ts';
import type { LotAccount, LotDbRow, LotPatch } from './types.ts';
import { toLotChange } from './views.ts';

export const LOTS_DELIST_QUEUE = 'lots-delist';

export interface DelistJobData {
  userId: string;
  lotIds: number[];
}

/** A delist job is tried this often, this far apart, before the supervisor queues it again. */
const DELIST_RETRIES = { retryLimit: 5, retryDelaySeconds: 5 } as const;

/**
 * In the transaction that marks `assetIds` sold on `sellerAccountId`: marks the same items' lots on the Steam
 * account's other markets; answers the changes to announce and the ids of the marked lots still listed.
 */
export async function markSoldElsewhere(
  q: LotQueries,
  sellerAccountId: number,
  assetIds: readonly string[],
  now: Date,
): Promise<{ changes: LotChange[]; listed: number[] }> {
  const siblings = await q.delists.siblingsOf(sellerAccountId, assetIds);
  const marked = await q.patch(
    siblings.map((lot) => ({ id: lot.id, issues: issuesOf({ ...lot, issues: [SOLD_ELSEWHERE] }) })),
    now,
  );
  return {
    changes: marked.map((row) => toLotChange(row)),
    listed: marked.filter((row) => row.itemId !== null).map((row) => row.id),
  };
}

/** Queues and runs the delists of marked lots, and queues again those a crash or failures left listed. */
export class Delister {
  /** The last delist job this process queued per user: a supervisor pass queues none while it is pending. */
  readonly #queued = new Map<string, string>();

  constructor(
    private readonly deps: Pick<LotsShared, 'repo' | 'jobs' | 'eventLog' | 'log' | 'now'>,
    private readonly access: MarketAccess,
  ) {}

  /** Queues the delist of the user's marked lots; a failure to queue is left to the supervisor. */
  async queue(userId: string, lotIds: readonly number[]): Promise<void> {
    if (lotIds.length === 0) return;
    try {
      const id = await this.deps.jobs.send<DelistJobData>(
        LOTS_DELIST_QUEUE,
        { userId, lotIds: [...lotIds] },
        DELIST_RETRIES,
      );
      this.#queued.set(userId, id);
    } catch (error) {
      this.deps.log.warn({ err: error, lotIds }, 'delist not queued; the supervisor queues it');
    }
  }

  /** One delist job: every still-listed marked lot of the job taken off its market (a price of zero). */
  async run(job: JobContext<DelistJobData>): Promise<void> {
    const { userId, lotIds } = job.data;
    const pending = await this.deps.repo.run(userId, (q) => q.delists.pending(lotIds));
    if (pending.length === 0) return;
    const accountIds = [...new Set(pending.map((lot) => lot.sellerAccountId))];
    const accounts = await this.deps.repo.run(userId, (q) => q.accounts(accountIds));
    const delisted: LotPatch[] = [];
    let left = 0;
    for (const account of accounts) {
      const ofAccount = pending.filter((lot) => lot.sellerAccountId === account.id);
      for (let start = 0; start < ofAccount.length; start += REPRICE_BATCH_LIMIT) {
        if (job.signal.aborted) throw new Error('delist interrupted');
        const batch = ofAccount.slice(start, start + REPRICE_BATCH_LIMIT);
        const outcomes = await takeDown(this.access, account, batch);
        batch.forEach((lot, index) => {
          const outcome = outcomes[index];
          if (outcome?.ok) {
            delisted.push(delistedPatch(lot));
            this.deps.log.info(
              { lotId: lot.id, sellerAccountId: account.id, platform: account.platform, itemId: lot.itemId },
              'listing of an item sold elsewhere taken down',
            );
            return;
          }
          left += 1;
          this.deps.log.warn(
            {
              lotId: lot.id,
              sellerAccountId: account.id,
              platform: account.platform,
              reason: outcome?.reason ?? 'no answer',
            },
            'listing of an item sold elsewhere not taken down yet',
          );
        });
      }
    }
    if (delisted.length > 0)
      await this.deps.repo.run(userId, async (q) => {
        const changed = await q.patch(delisted, new Date(this.deps.now()));
        await announceLots(
          this.deps.eventLog,
          q,
          changed.map((row) => toLotChange(row)),
        );
      });
    // Thrown so the job runs again after its delay; the listing stays marked and out of repricing meanwhile.
    if (left > 0) throw new Error(`${left} listings of items sold elsewhere not taken down yet`);
  }

  /** Queues the delists that no pending job of this process covers (a crash, a failed queue, spent retries). */
  async supervise(): Promise<void> {
    const byUser = new Map<string, number[]>();
    for (const lot of await this.deps.repo.pendingDelists()) {
      const ids = byUser.get(lot.userId);
      if (ids) ids.push(lot.id);
      else byUser.set(lot.userId, [lot.id]);
    }
    for (const [userId, lotIds] of byUser) {
      const queued = this.#queued.get(userId);
      if (queued) {
        const state = await this.deps.jobs.state(LOTS_DELIST_QUEUE, queued);
        if (state && !['completed', 'failed', 'cancelled'].includes(state.state)) continue;
      }
      await this.queue(userId, lotIds);
    }
  }
}

/**
 * Takes the account's listings of the lots off sale (a price of zero, at most 50 per call): one outcome per lot,
 * in order (undefined when the market answered fewer).
 */
export async function takeDown(
  access: MarketAccess,
  account: LotAccount,
  lots: readonly Pick<LotDbRow, 'itemId'>[],
): Promise<(MarketItemOutcome<Record<never, never>> | undefined)[]> {
  const { market, creds } = await access.open(account);
  const answer = await market.setPrices(
    creds,
    lots.map((lot) => ({
      itemId: lot.itemId as string,
      price: { currency: account.currency as Currency, amount: 0 },
    })),
  );
  return lots.map((_, index) => (answer.ok ? answer.outcomes[index] : answer));
}

/** A lot whose listing was taken down: in the inventory, its issues kept (a sold-elsewhere mark stays). */
export function delistedPatch(lot: LotDbRow): LotPatch {
  const next = { ...lot, status: 'in_inventory', itemId: null, price: null };
  return {
    id: lot.id,
    status: 'in_inventory',
    itemId: null,
    price: null,
    listedAt: null,
    issues: issuesOf(next),
  };
}
