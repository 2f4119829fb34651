import { type ConfirmationJob, ResultCode } from '@tradedeck/sdk/contract';
import { confirmationKind, type MobileConfirmation } from '@tradedeck/sdk/domain';
import { AppError } from '../../http/app-error.ts';
import type { JobContext } from '../../jobs/jobs.ts';
import type { ConfirmationsDeps } from './deps.ts';
import { confirmationMessages } from './messages.ts';
import type { PendingReader } from './pending.ts';
import type { AccountRef, JobItemRow, JobRow, PendingConfirmation } from './types.ts';

export const CONFIRMATION_JOB_QUEUE = 'confirmation-answers';

export interface ConfirmationJobData {
  userId: string;
  jobId: number;
}

/** Failures after which Steam may have taken the answer although no reply came. */
const UNKNOWN_OUTCOME = new Set(['timeout', 'proxyError']);

/**
 * Bulk answers as resumable jobs (docs/trading-rules.md §2 rule 1): the confirmations are written before the
 * first Steam call, each account's batch is marked `sending` before it goes and answered after. A run cut by a
 * crash, or a call whose reply was lost, is settled from Steam's list: a confirmation no longer listed was
 * answered (steam.md §15), one still listed is answered now and never twice.
 */
export class ConfirmationJobs {
  constructor(
    private readonly deps: ConfirmationsDeps,
    private readonly pending: PendingReader,
  ) {}

  async start(
    userId: string,
    origin: JobRow['origin'],
    accept: boolean,
    selection: unknown,
    chosen: readonly { account: AccountRef; item: PendingConfirmation }[],
  ): Promise<number> {
    const jobId = await this.deps.repo.run(userId, (q) =>
      q.createJob(
        origin,
        accept,
        selection,
        chosen.map(({ account, item }) => ({
          accountId: account.id,
          confirmationId: item.id,
          nonce: item.nonce,
          type: item.type,
          creatorId: item.creatorId,
          ours: item.ours,
        })),
      ),
    );
    await this.deps.jobs.send<ConfirmationJobData>(
      CONFIRMATION_JOB_QUEUE,
      { userId, jobId },
      { retryLimit: 3 },
    );
    return jobId;
  }

  async view(userId: string, jobId: number): Promise<ConfirmationJob> {
    const found = await this.load(userId, jobId);
    if (!found) throw new AppError({ code: ResultCode.NotFound, text: confirmationMessages.jobNotFound });
    const { job, items } = found;
    return {
      id: job.id,
      origin: job.origin,
      accept: job.accept,
      status: job.status,
      total: job.total,
      createdAt: job.createdAt.toISOString(),
      finishedAt: job.finishedAt?.toISOString() ?? null,
      items: items.map((item) => ({
        accountId: item.accountId,
        confirmationId: item.confirmationId,
        kind: confirmationKind(item.type),
        creatorId: item.creatorId,
        ours: item.ours,
        state: item.state,
        reason: item.reason,
      })),
    };
  }

  async run(context: JobContext<ConfirmationJobData>): Promise<void> {
    const { userId, jobId } = context.data;
    const found = await this.load(userId, jobId);
    if (found?.job.status !== 'running') return;
    const open = found.items.filter((item) => item.state === 'planned' || item.state === 'sending');
    const byAccount = new Map<number, JobItemRow[]>();
    for (const item of open) byAccount.set(item.accountId, [...(byAccount.get(item.accountId) ?? []), item]);
    for (const [accountId, items] of byAccount) {
      // Stop between accounts: what is done is written, the next run takes the rest.
      context.signal.throwIfAborted();
      const resumed = context.retryCount > 0 || items.some((item) => item.state === 'sending');
      await this.answerAccount(userId, accountId, items, found.job.accept, resumed);
    }
    await this.deps.repo.run(userId, (q) => q.finishJob(jobId, 'done', new Date(this.deps.now())));
  }

  /** The job with its items, or null when the user has no such job. */
  private load(userId: string, jobId: number) {
    return this.deps.repo.run(userId, async (q) => {
      const job = await q.job(jobId);
      return job ? { job, items: await q.jobItems(jobId) } : null;
    });
  }

  private async answerAccount(
    userId: string,
    accountId: number,
    items: JobItemRow[],
    accept: boolean,
    resumed: boolean,
  ): Promise<void> {
    const targets = resumed ? await this.settleFromList(userId, accountId, items) : items;
    if (targets.length === 0) return;
    const ids = targets.map((item) => item.id);
    await this.deps.repo.run(userId, (q) => q.markItems(ids, 'sending', null, null));
    const sending = targets.map((item) => ({ ...item, state: 'sending' as const }));
    const result = await this.deps.trading.answerConfirmations(
      userId,
      accountId,
      targets.map(asListed),
      accept,
    );
    await this.pending.forget(userId, accountId);
    if (!result.ok && UNKNOWN_OUTCOME.has(result.reason)) {
      // No reply: Steam's list says which were taken.
      const left = await this.settleFromList(userId, accountId, sending);
      await this.mark(userId, left, 'failed', result.reason);
      return;
    }
    if (!result.ok) {
      await this.mark(userId, targets, 'failed', result.reason);
      return;
    }
    const answered = new Set(result.value);
    await this.mark(
      userId,
      targets.filter((item) => answered.has(item.confirmationId)),
      'answered',
      null,
    );
    await this.mark(
      userId,
      targets.filter((item) => !answered.has(item.confirmationId)),
      'failed',
      'unknownError',
    );
  }

  /**
   * Settles the items Steam no longer lists (a `sending` one was answered by the call whose reply was lost, a
   * `planned` one elsewhere) and answers the ones still listed. When the list cannot be read, all fail.
   */
  private async settleFromList(
    userId: string,
    accountId: number,
    items: JobItemRow[],
  ): Promise<JobItemRow[]> {
    const listed = await this.pending.of(userId, accountId);
    if (!listed.ok) {
      await this.mark(userId, items, 'failed', listed.reason);
      return [];
    }
    const still = new Set(listed.value.map((item) => item.id));
    const settled = items.filter((item) => !still.has(item.confirmationId));
    await this.mark(
      userId,
      settled.filter((item) => item.state === 'sending'),
      'answered',
      null,
    );
    await this.mark(
      userId,
      settled.filter((item) => item.state !== 'sending'),
      'gone',
      null,
    );
    return items.filter((item) => still.has(item.confirmationId));
  }

  private mark(userId: string, items: JobItemRow[], state: JobItemRow['state'], reason: string | null) {
    const at = state === 'answered' ? new Date(this.deps.now()) : null;
    return this.deps.repo.run(userId, (q) =>
      q.markItems(
        items.map((item) => item.id),
        state,
        reason,
        at,
      ),
    );
  }
}

/** A job item as the confirmation Steam listed (id and nonce are what an answer needs). */
function asListed(item: JobItemRow): MobileConfirmation {
  return {
    id: item.confirmationId,
    nonce: item.nonce,
    type: item.type,
    creatorId: item.creatorId,
    headline: '',
    createdAt: new Date(0).toISOString(),
  };
}
