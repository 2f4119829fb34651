import { hubEvents } from '@tradedeck/sdk/contract';
import type { EventScope } from '../../hubs/authenticator.ts';
import type { ScopedObjects, WorkspacesRepo } from './repo.ts';

type Payload = Record<string, unknown>;
const num = (value: unknown) => Number(value);
/** The ids of `{ id, login }` account references (a harvester session's sources and targets). */
const refs = (list: unknown) => ((list as Payload[] | undefined) ?? []).map((ref) => num(ref.id));

/**
 * What each live event is about, for members limited to tags. An event naming several accounts is shown only when
 * every one of them is in scope, never in part. An event absent here is about what belongs to the workspace as a
 * whole (notifications, a check batch's end, a repricing job, a harvester session made or completed) and follows
 * the role alone, as its rows do. `withhold`: the event names accounts only by login (an add job), so a member
 * limited to tags does not receive it.
 */
const EVENT_OBJECTS: Record<string, ((payload: Payload) => ScopedObjects) | 'withhold'> = {
  [hubEvents.proxyStatusUpdated.name]: (p) => ({ proxies: [num(p.id)] }),
  [hubEvents.proxyMovedIn.name]: (p) => ({ proxies: [num(p.id)] }),
  [hubEvents.accountMovedIn.name]: (p) => ({ accounts: [num(p.id)] }),
  [hubEvents.inventoryScanned.name]: (p) => ({ accounts: [num(p.accountId)] }),
  [hubEvents.accountStatusChanged.name]: (p) => ({ accounts: [num(p.accountId)] }),
  [hubEvents.portfolioChanged.name]: (p) => ({ accounts: [num(p.accountId)] }),
  [hubEvents.accountsAddProgress.name]: 'withhold',
  [hubEvents.accountsAddFinished.name]: 'withhold',
  [hubEvents.sellerAccountUpdated.name]: (p) => ({ sellers: [num(p.accountId)] }),
  [hubEvents.deliveryUpdated.name]: (p) => ({ sellers: [num(p.sellerAccountId)] }),
  // A transfer names its receiver by id and login too: both accounts must be in scope.
  [hubEvents.transferUpdated.name]: (p) => ({ sellers: [num(p.fromId), num(p.toId)] }),
  [hubEvents.lotsChanged.name]: (p) => ({
    sellers: ((p.lots as Payload[] | undefined) ?? []).map((lot) => num(lot.accountId)),
  }),
  // A harvester session's and transaction's rows follow the role, but their events name Steam accounts by login.
  [hubEvents.sessionUpdated.name]: (p) => ({
    accounts: [
      ...refs(p.sources),
      ...refs(p.targets),
      ...((p.plan as { failedAccounts?: Payload[] } | null)?.failedAccounts ?? []).map((f) =>
        num((f.account as Payload | undefined)?.id),
      ),
    ],
  }),
  [hubEvents.transactionUpdated.name]: (p) => ({
    accounts: [num((p.source as Payload | undefined)?.id), num((p.target as Payload | undefined)?.id)],
  }),
};

/**
 * The live-event scope of a member limited to tags (`scopeTags` not null) in a workspace; undefined for everyone
 * else, who receives every event of the workspace. Event names are unique across hubs.
 */
export function eventScopeOf(
  repo: WorkspacesRepo,
  workspaceId: string,
  actorId: string,
  scopeTags: readonly string[] | null,
): EventScope | undefined {
  if (scopeTags === null) return undefined;
  return async (_hub, eventName, payload) => {
    const objects = EVENT_OBJECTS[eventName];
    if (objects === undefined) return true;
    if (objects === 'withhold') return false;
    const named = objects((payload ?? {}) as Payload);
    const ids = [...(named.accounts ?? []), ...(named.proxies ?? []), ...(named.sellers ?? [])];
    // An id the member cannot place (not a stored number) keeps the event back.
    if (ids.some((id) => !Number.isSafeInteger(id))) return false;
    return repo.allInScope(workspaceId, actorId, named);
  };
}
