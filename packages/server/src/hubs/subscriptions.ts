import { WITHHELD_EVENT } from '@tradedeck/sdk/contract';
import type { EventScope } from './authenticator.ts';
import type { EventNotice } from './event-log/event-log.ts';
import { toHubEvent } from './event-log/event-log.ts';
import type { SourceKey } from './event-log/repo.ts';
import { MessageType, type OutgoingRecord, record, sharedRecord } from './protocol.ts';

/** Where a subscription writes: a hub connection. Returns false once the connection no longer takes records. */
export interface RecordSink {
  sendRecord(item: OutgoingRecord): boolean;
  /** What the member may see (members limited to tags); undefined: everything. */
  readonly sees?: EventScope | undefined;
}

interface Pending {
  version: number;
  item: OutgoingRecord;
}

/**
 * One connection's interest in one source. While it joins (replaying from the log) live events are held back;
 * afterwards they go straight out. Nothing at or below the last version sent goes out again.
 */
export class Subscription {
  #joining = true;
  #held: Pending[] = [];
  lastSent = 0;

  constructor(
    readonly key: SourceKey,
    readonly sink: RecordSink,
  ) {}

  offer(version: number, item: OutgoingRecord): void {
    if (this.#joining) {
      this.#held.push({ version, item });
      return;
    }
    this.#send(version, item);
  }

  /** Sends an event read from the log during the join. */
  replay(version: number, text: string): void {
    this.#send(version, text);
  }

  /** Ends the join: sends the held live events that the replay did not cover, in version order. */
  goLive(): void {
    this.#joining = false;
    const held = this.#held.sort((a, b) => a.version - b.version);
    this.#held = [];
    for (const pending of held) this.#send(pending.version, pending.item);
  }

  #send(version: number, item: OutgoingRecord): void {
    if (version <= this.lastSent) return;
    this.lastSent = version;
    this.sink.sendRecord(item);
  }
}

export function eventRecord(
  eventName: string,
  event: { sourceId: string; version: number; payload: unknown },
) {
  return record({ type: MessageType.Invocation, target: eventName, arguments: [toHubEvent(event)] });
}

type LoggedEvent = { eventName: string; sourceId: string; version: number; payload: unknown };

/**
 * The one place where a member's scope applies to live events: an event the member may not see is replaced by
 * `WITHHELD_EVENT` with its source and version and no payload, so the client's per-source order holds without
 * learning anything about the event.
 */
export async function withinScope<E extends LoggedEvent>(
  sink: RecordSink,
  hub: string,
  event: E,
): Promise<E | (LoggedEvent & { payload: null })> {
  if (!sink.sees || (await sink.sees(hub, event.eventName, event.payload))) return event;
  return { eventName: WITHHELD_EVENT, sourceId: event.sourceId, version: event.version, payload: null };
}

function keyOf(key: SourceKey): string {
  return `${key.userId}\u0000${key.hub}\u0000${key.sourceId}`;
}

/** The subscriptions of this process, by source; fed by the notice channel. */
export class SubscriptionRegistry {
  readonly #bySource = new Map<string, Set<Subscription>>();
  #chain: Promise<void> = Promise.resolve();

  constructor(private readonly loadPayload: (id: number) => Promise<unknown>) {}

  add(subscription: Subscription): void {
    const key = keyOf(subscription.key);
    let set = this.#bySource.get(key);
    if (!set) {
      set = new Set();
      this.#bySource.set(key, set);
    }
    set.add(subscription);
  }

  remove(subscription: Subscription): void {
    const key = keyOf(subscription.key);
    const set = this.#bySource.get(key);
    if (!set) return;
    set.delete(subscription);
    if (set.size === 0) this.#bySource.delete(key);
  }

  get size(): number {
    let count = 0;
    for (const set of this.#bySource.values()) count += set.size;
    return count;
  }

  /** Handles one notice text from the channel; notices are processed one after another to keep their order. */
  receive(text: string): void {
    let notice: EventNotice;
    try {
      notice = JSON.parse(text) as EventNotice;
    } catch {
      return;
    }
    if (!this.#bySource.has(keyOf(notice))) return;
    if ('payload' in notice) {
      // Nothing to wait for, but an earlier by-reference notice may still be loading.
      this.#chain = this.#chain.then(() => this.#deliver(notice, notice.payload));
      return;
    }
    this.#chain = this.#chain.then(async () => {
      let payload: unknown;
      try {
        payload = await this.loadPayload(notice.id);
      } catch {
        // The event was trimmed meanwhile; subscribers will see the version gap and resubscribe.
        return;
      }
      await this.#deliver(notice, payload);
    });
  }

  async #deliver(notice: EventNotice, payload: unknown): Promise<void> {
    const set = this.#bySource.get(keyOf(notice));
    if (!set) return;
    const event = { ...notice, payload };
    // Encoded once: every subscriber's outbox holds the same bytes. Subscribers who see everything get it at once,
    // without a copy of the set per event (a burst to many subscribers is the hub's busiest path); those limited
    // to a scope are checked afterwards, one by one, on a copy (the set may change while a check waits).
    const shared = sharedRecord(eventRecord(notice.eventName, event));
    const scoped: Subscription[] = [];
    set.forEach((subscription) => {
      if (subscription.sink.sees) scoped.push(subscription);
      else subscription.offer(notice.version, shared);
    });
    for (const subscription of scoped) {
      // A scope check that fails withholds the event rather than stopping the stream for everyone.
      const seen = await withinScope(subscription.sink, notice.hub, event).catch(() => null);
      const shown = seen ?? { ...event, eventName: WITHHELD_EVENT, payload: null };
      subscription.offer(notice.version, shown === event ? shared : eventRecord(shown.eventName, shown));
    }
  }
}
