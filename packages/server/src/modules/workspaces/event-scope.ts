import { hubEvents } from '@tradedeck/sdk/contract';
import type { EventScope } from '../../hubs/authenticator.ts';
import type { ScopedObjects, WorkspacesRepo } from './repo.ts';

type Payload = Record<string, unknown>;
const num = (value: unknown) => Number(value);

/**
 * What each live event is about, for members limited to tags. An event absent here is about what belongs to the
 * workspace as a whole (harvester sessions, notifications, a check batch's end, a repricing job) and follows the
 * role alone, as its rows do. `withhold`: the event names accounts only by login (an add job), so a member limited
 * to tags does not receive it.
 */
const EVENT_OBJECTS: Record<string, ((payload: Payload) => ScopedObjects) | 'withhold'> = {
  [hubEvents.proxyStatusUpdated.name]: (p) => ({ proxies: [num(p.id)] }),
  [hubEvents.inventoryScanned.name]: (p) => ({ accounts: [num(p.accountId)] }),
  [hubEvents.accountStatusChanged.name]: (p) => ({ accounts: [num(p.accountId)] }),
  [hubEvents.portfolioChanged.name]: (p) => ({ accounts: [num(p.accountId)] }),
  [hubEvents.accountsAddProgress.name]: 'withhold',
  [hubEvents.accountsAddFinished.name]: 'withhold',
  [hubEvents.sellerAccountUpdated.name]: (p) => ({ sellers: [num(p.accountId)] }),
  [hubEvents.deliveryUpdated.name]: (p) => ({ sellers: [num(p.sellerAccountId)] }),
  // A transfer follows its sending account, as its row does.
  [hubEvents.transferUpdated.name]: (p) => ({ sellers: [num(p.fromId)] }),
  [hubEvents.lotsChanged.name]: (p) => ({
    sellers: ((p.lots as Payload[] | undefined) ?? []).map((lot) => num(lot.accountId)),
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
