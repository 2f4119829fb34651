/**
 * The check is a job: it takes the accounts due one after the other (the least recently checked first), pausing
 * between them, and stamps each one once checked. A run cut short (a crash, a shutdown) is retried by the queue and
 * goes on with the accounts not stamped yet; a reversal already recorded is never recorded twice. A supervisor
 * picks up new accepted trades, stops following those whose window ended, and queues a run when accounts are due
 * (one per time slot: a second process queuing the same slot is refused by the queue).
 */
import { setTimeout as delay } from 'node:timers/promises';
import type { JobContext } from '../../jobs/jobs.ts';
import { slotId } from '../../jobs/slot-id.ts';
import { checkAccount, PROTECTION_WINDOW_MS } from './check.ts';
import type { ReversalDeps } from './deps.ts';

export const REVERSALS_QUEUE = 'trade-reversals';

const DAY_MS = 24 * 3600_000;
/** An offer lives 14 days before it expires: a watch waits that long for its trade, then its window. */
const LOOK_FOR_TRADE_MS = 14 * DAY_MS + PROTECTION_WINDOW_MS;

/** Waits, or stops waiting when the run is interrupted (the loop then ends the run). */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return delay(ms, undefined, { signal }).catch(() => undefined);
}

export async function runReversalCheck(deps: ReversalDeps, job: Pick<JobContext<unknown>, 'signal'>) {
  const tried = new Set<number>();
  for (;;) {
    const now = deps.now();
    const due = await deps.repo.dueAccounts(new Date(now), new Date(now - deps.timing.checkEveryMs));
    const next = due.find((account) => !tried.has(account.accountId));
    if (!next) return;
    if (tried.size > 0) await pause(deps.timing.accountSpacingMs, job.signal);
    if (job.signal.aborted) throw new Error('trade reversal check interrupted');
    tried.add(next.accountId);
    await checkAccount(deps, next.userId, next.accountId);
  }
}

/** One pass of the supervisor: answers the id of the run it queued, or null. */
export async function superviseReversals(deps: ReversalDeps): Promise<string | null> {
  const now = deps.now();
  await deps.repo.registerNew(new Date(now - LOOK_FOR_TRADE_MS), new Date(now + LOOK_FOR_TRADE_MS));
  await deps.repo.clearEnded(new Date(now));
  const due = await deps.repo.dueAccounts(new Date(now), new Date(now - deps.timing.checkEveryMs));
  if (due.length === 0) return null;
  const id = slotId(deps.queue, Math.floor(now / deps.timing.superviseEveryMs));
  return deps.jobs.send(deps.queue, {}, { id, retryLimit: 10, retryDelaySeconds: 1 }).catch(() => null);
}
