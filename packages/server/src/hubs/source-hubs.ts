import { z } from 'zod';
import { ConcurrencyLimit } from './concurrency-limit.ts';
import type { EventLog } from './event-log/event-log.ts';
import { sequenceToken, versionOfToken } from './event-log/sequence-token.ts';
import { HUB_NAMES, type SourceGuard, validateSource } from './hub-catalog.ts';
import type { HubConnection } from './hub-connection.ts';
import { defineHub, type HubCallContext, type HubDefinition } from './hub-definition.ts';
import { HubError } from './protocol.ts';
import { eventRecord, Subscription, type SubscriptionRegistry, withinScope } from './subscriptions.ts';

/** Most sources one connection may follow at once. */
export const MAX_SUBSCRIPTIONS_PER_CONNECTION = 200;
const READ_PAGE = 500;
/** Log reads running at once per process (the Postgres pool has 10 connections). */
const CONCURRENT_READS = 6;

export interface SourceHubServices {
  eventLog: EventLog;
  registry: SubscriptionRegistry;
  guards: Map<string, SourceGuard>;
}

const subscribeArgs = z.union([
  z.tuple([z.string()]),
  z.tuple([z.string(), z.string().nullable()]),
]) as unknown as z.ZodType<unknown[]>;
const unsubscribeArgs = z.tuple([z.string()]) as unknown as z.ZodType<unknown[]>;

/** The hubs whose clients follow per-source event streams: `Subscribe`, `Unsubscribe` and `ReadLog`. */
export function buildSourceHubs(services: SourceHubServices): Map<string, HubDefinition<HubConnection>> {
  const reads = new ConcurrencyLimit(CONCURRENT_READS);
  return new Map(HUB_NAMES.map((name) => [name, sourceHub(name, services, reads)]));
}

function sourceHub(
  hub: string,
  services: SourceHubServices,
  reads: ConcurrencyLimit,
): HubDefinition<HubConnection> {
  const { eventLog, registry } = services;

  async function checkAccess(context: HubCallContext<HubConnection>, sourceId: unknown): Promise<string> {
    validateSource(hub, sourceId);
    const guard = services.guards.get(hub);
    // Another user's object reads as unknown, never as forbidden, so ids cannot be probed.
    if (guard && !(await guard(context.userId, sourceId))) {
      throw new HubError(`Unknown source '${sourceId}' on ${hub}.`);
    }
    return sourceId;
  }

  function dropSubscription(connection: HubConnection, sourceId: string): void {
    const existing = connection.subscriptions.get(sourceId);
    if (!existing) return;
    registry.remove(existing);
    connection.subscriptions.delete(sourceId);
  }

  return defineHub<HubConnection>(hub, [
    {
      name: 'Subscribe',
      kind: 'invoke',
      args: subscribeArgs,
      async run(context, args) {
        const sourceId = await checkAccess(context, args[0]);
        const fromToken = (args[1] as string | null | undefined) ?? null;
        const { connection, userId } = context;
        dropSubscription(connection, sourceId);
        if (connection.subscriptions.size >= MAX_SUBSCRIPTIONS_PER_CONNECTION) {
          throw new HubError(`A connection can follow at most ${MAX_SUBSCRIPTIONS_PER_CONNECTION} sources.`);
        }
        const key = { userId, hub, sourceId };
        // Join live delivery first, so nothing committed during the replay read is missed.
        const subscription = new Subscription(key, connection);
        registry.add(subscription);
        connection.subscriptions.set(sourceId, subscription);
        try {
          if (fromToken === null) {
            subscription.lastSent = await reads.run(() => eventLog.headVersion(key));
          } else {
            subscription.lastSent = versionOfToken(fromToken);
            const limit = eventLog.retention.maxEventsPerSource + READ_PAGE;
            const events = await reads.run(() => eventLog.eventsAfterToken(key, fromToken, limit));
            for (const event of events) {
              // A long replay waits for the socket instead of overflowing the slow-client limit.
              await connection.writable();
              const shown = await withinScope(connection, hub, event);
              subscription.replay(event.version, eventRecord(shown.eventName, shown));
            }
          }
        } catch (error) {
          dropSubscription(connection, sourceId);
          throw error;
        }
        if (connection.closedSignal.aborted) {
          dropSubscription(connection, sourceId);
          return undefined;
        }
        subscription.goLive();
        const version = subscription.lastSent;
        return { sourceId, version, sequenceToken: sequenceToken(version) };
      },
    },
    {
      name: 'Unsubscribe',
      kind: 'invoke',
      args: unsubscribeArgs,
      async run(context, args) {
        validateSource(hub, args[0]);
        dropSubscription(context.connection, args[0]);
        return undefined;
      },
    },
    {
      name: 'ReadLog',
      kind: 'stream',
      args: subscribeArgs,
      async *run(context, args) {
        const sourceId = await checkAccess(context, args[0]);
        const key = { userId: context.userId, hub, sourceId };
        const fromToken = (args[1] as string | null | undefined) ?? null;
        let page = await reads.run(() =>
          fromToken === null
            ? eventLog.eventsAfterVersion(key, 0, READ_PAGE)
            : eventLog.eventsAfterToken(key, fromToken, READ_PAGE),
        );
        while (page.length > 0 && !context.signal.aborted) {
          for (const event of page) {
            if (context.signal.aborted) return;
            const shown = await withinScope(context.connection, hub, event);
            yield { eventName: shown.eventName, ...toWire(shown) };
          }
          const after = page.at(-1)!.version;
          page = await reads.run(() => eventLog.eventsAfterVersion(key, after, READ_PAGE));
        }
      },
    },
  ]);
}

function toWire(event: { sourceId: string; version: number; payload: unknown }) {
  return {
    sourceId: event.sourceId,
    version: event.version,
    sequenceToken: sequenceToken(event.version),
    payload: event.payload,
  };
}
