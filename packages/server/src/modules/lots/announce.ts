import { hubEvents, LOTS_SOURCE, type LotChange, type RepriceJobUpdated } from '@tradedeck/sdk/contract';
import type { EventLog } from '../../hubs/event-log/event-log.ts';
import type { LotsShared } from './deps.ts';
import type { LotQueries } from './repo.ts';
import type { LotPatch } from './types.ts';
import { toLotChange } from './views.ts';

/** Lots per LotsChanged event: a mass step of 1,000 lots travels as a few events, not one huge one. */
const CHANGES_PER_EVENT = 250;

/** Announces changed lots in the transaction that changed them (LotsChanged on lots-hub). */
export async function announceLots(eventLog: EventLog, q: LotQueries, changes: readonly LotChange[]) {
  if (changes.length === 0) return;
  const payloads: { lots: LotChange[] }[] = [];
  for (let start = 0; start < changes.length; start += CHANGES_PER_EVENT)
    payloads.push({ lots: changes.slice(start, start + CHANGES_PER_EVENT) });
  await eventLog.appendMany(q.userId, hubEvents.lotsChanged, LOTS_SOURCE, payloads, q.tx);
}

export async function announceJob(eventLog: EventLog, q: LotQueries, job: RepriceJobUpdated) {
  await eventLog.append(q.userId, hubEvents.repriceJobUpdated, LOTS_SOURCE, job, q.tx);
}

/** Stores the patches of one step and announces the changed lots in the same transaction. */
export async function patchAndAnnounce(
  deps: Pick<LotsShared, 'repo' | 'eventLog' | 'now'>,
  userId: string,
  patches: LotPatch[],
): Promise<void> {
  if (patches.length === 0) return;
  await deps.repo.run(userId, async (q) => {
    const rows = await q.patch(patches, new Date(deps.now()));
    await announceLots(
      deps.eventLog,
      q,
      rows.map((row) => toLotChange(row)),
    );
  });
}
