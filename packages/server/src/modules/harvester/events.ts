import { HARVESTER_SESSIONS_SOURCE, harvesterSessionSource, hubEvents } from '@tradedeck/sdk/contract';
import type { Money } from '@tradedeck/sdk/domain';
import type { Db } from '../../db/database.ts';
import type { EventLog } from '../../hubs/event-log/event-log.ts';
import type { NotificationsApi } from '../notifications/index.ts';
import type { HarvesterQueries, SessionRow, TransactionHead } from './repo.ts';
import { toSession, toTransactionEvent } from './views.ts';

/**
 * The harvester's live events, each appended in the transaction of the change it announces, so a client that
 * resumes from its sequence token misses nothing.
 */
export class HarvesterEvents {
  constructor(
    private readonly eventLog: EventLog,
    private readonly now: () => number,
    private readonly notifications: Pick<NotificationsApi, 'post'>,
  ) {}

  /** Every transaction of the session reached an end: the user hears of it with the counts by outcome. */
  async sessionEnded(userId: string, q: HarvesterQueries, sessionId: number, tx: Db): Promise<void> {
    const counts = (await q.statusCounts([sessionId])).get(sessionId) ?? {};
    await this.notifications.post(
      userId,
      {
        kind: 'harvesterSessionEnded',
        params: {
          sessionId,
          completed: counts.completed ?? 0,
          failed: counts.error ?? 0,
          cancelled: counts.cancelled ?? 0,
        },
        link: '/panel/harvester',
      },
      tx,
    );
  }

  /** The session's whole row (status, counts, plan) on `sessions`. */
  async session(userId: string, q: HarvesterQueries, row: SessionRow, tx: Db): Promise<void> {
    const view = await this.view(q, row);
    await this.eventLog.append(userId, hubEvents.sessionUpdated, HARVESTER_SESSIONS_SOURCE, view, tx);
  }

  async sessionsChanged(
    userId: string,
    sessionId: number,
    change: 'created' | 'completed',
    tx: Db,
  ): Promise<void> {
    await this.eventLog.append(
      userId,
      hubEvents.sessionsChanged,
      HARVESTER_SESSIONS_SOURCE,
      { sessionId, change },
      tx,
    );
  }

  async transactions(
    userId: string,
    sessionId: number,
    rows: readonly TransactionHead[],
    tx: Db,
  ): Promise<void> {
    if (rows.length === 0) return;
    await this.eventLog.appendMany(
      userId,
      hubEvents.transactionUpdated,
      harvesterSessionSource(sessionId),
      rows.map(toTransactionEvent),
      tx,
    );
  }

  async view(q: HarvesterQueries, row: SessionRow) {
    const [counts, moved] = await Promise.all([q.statusCounts([row.id]), q.moved([row.id])]);
    return toSession(
      row,
      counts.get(row.id),
      (moved.get(row.id) as { items: number; value: Money[] } | undefined) ?? { items: 0, value: [] },
      this.now(),
    );
  }
}
