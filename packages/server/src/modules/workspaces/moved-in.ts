import { hubEvents } from '@tradedeck/sdk/contract';
import type { EventLog } from '../../hubs/event-log/event-log.ts';
import type { MovedAnnouncer } from './move-repo.ts';

/**
 * One live event per account and proxy a move brought into the team workspace, on the sources its lists follow,
 * written in the transaction that moved them: a member viewing a list sees the row appear, and a member limited to
 * tags only the rows in its scope (docs/workspaces.md, "Moving personal data into a team").
 */
export function announceMovedIn(eventLog: EventLog): MovedAnnouncer {
  return async (tx, move, moved) => {
    const of = (ids: readonly number[]) => ids.map((id) => ({ id, moveId: move.id }));
    if (moved.accounts.length > 0)
      await eventLog.appendMany(move.userId, hubEvents.accountMovedIn, 'accounts', of(moved.accounts), tx);
    if (moved.proxies.length > 0)
      await eventLog.appendMany(move.userId, hubEvents.proxyMovedIn, 'proxies', of(moved.proxies), tx);
  };
}
