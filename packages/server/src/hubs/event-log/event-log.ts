import type { HubEventDescriptor, HubPayload } from '@tradedeck/sdk/contract';
import type { Db } from '../../db/database.ts';
import { HubError } from '../protocol.ts';
import { type AppendInput, HubEventRepo, type SourceKey, type StoredEvent } from './repo.ts';
import { sequenceToken, versionOfToken } from './sequence-token.ts';

/** An event as clients receive it. */
export interface HubEvent {
  sourceId: string;
  version: number;
  sequenceToken: string;
  payload: unknown;
}

export interface RetentionPolicy {
  /** Events kept per source; older ones are trimmed as new ones arrive. */
  maxEventsPerSource: number;
  /** Events older than this are removed by a periodic sweep. */
  maxAgeMs: number;
}

export const DEFAULT_RETENTION: RetentionPolicy = {
  maxEventsPerSource: 10_000,
  maxAgeMs: 24 * 60 * 60 * 1000,
};

/** Postgres channel that carries event notices between server processes. */
export const EVENTS_CHANNEL = 'tradedeck_hub_events';

/** Payloads larger than this travel by reference (NOTIFY caps a payload at 8000 bytes). */
const INLINE_NOTICE_LIMIT = 7000;

/** What one process tells the others about a committed event. */
export interface EventNotice {
  id: number;
  userId: string;
  hub: string;
  sourceId: string;
  version: number;
  eventName: string;
  /** Absent when the payload was too large for the notice: read it by `id`. */
  payload?: unknown;
}

export function encodeNotice(event: StoredEvent): string {
  const { id, userId, hub, sourceId, version, eventName, payload } = event;
  const full = JSON.stringify({ id, userId, hub, sourceId, version, eventName, payload });
  if (Buffer.byteLength(full, 'utf8') <= INLINE_NOTICE_LIMIT) return full;
  return JSON.stringify({ id, userId, hub, sourceId, version, eventName });
}

export function toHubEvent(event: { sourceId: string; version: number; payload: unknown }): HubEvent {
  return {
    sourceId: event.sourceId,
    version: event.version,
    sequenceToken: sequenceToken(event.version),
    payload: event.payload,
  };
}

export type SourceValidator = (hub: string, sourceId: string) => void;

/**
 * The durable per-source event log. Producers call `append`; hub subscriptions read from it to resume, and every
 * server process hears of new events through the database notice channel.
 */
export class EventLog {
  constructor(
    private readonly repo: HubEventRepo,
    readonly retention: RetentionPolicy,
    private readonly validateSource: SourceValidator,
  ) {}

  /**
   * Records an event for one user's source and delivers it to that user's subscribers on every server process.
   * The payload is typed by the event's schema in the contract. Resolves once the event is committed, with the
   * version it got.
   */
  async append<E extends HubEventDescriptor>(
    userId: string,
    event: E,
    sourceId: string,
    payload: HubPayload<E>,
    within?: Db,
  ): Promise<HubEvent> {
    const [appended] = await this.appendMany(userId, event, sourceId, [payload], within);
    return appended!;
  }

  /**
   * Records an event unless one of its name after `once.afterVersion` already carries `once.value` in the payload
   * field `once.field` (a job's one answer, say, when two runs of the job overlap). Null when it was there.
   */
  async appendOnce<E extends HubEventDescriptor>(
    userId: string,
    event: E,
    sourceId: string,
    payload: HubPayload<E>,
    once: { field: string; value: string; afterVersion: number },
  ): Promise<HubEvent | null> {
    const [appended] = await this.#store(userId, event, sourceId, [payload], undefined, once);
    return appended ?? null;
  }

  /**
   * Records several events of one source in one transaction (a batch of check results, say), in order. With
   * `within`, the events join that open transaction, so they commit together with the changes they announce.
   */
  async appendMany<E extends HubEventDescriptor>(
    userId: string,
    event: E,
    sourceId: string,
    payloads: readonly HubPayload<E>[],
    within?: Db,
  ): Promise<HubEvent[]> {
    return this.#store(userId, event, sourceId, payloads, within, undefined);
  }

  async #store<E extends HubEventDescriptor>(
    userId: string,
    event: E,
    sourceId: string,
    payloads: readonly HubPayload<E>[],
    within: Db | undefined,
    once: AppendInput['once'],
  ): Promise<HubEvent[]> {
    const { hub, name: eventName } = event;
    this.validateSource(hub, sourceId);
    if (!/^[A-Za-z][A-Za-z0-9]{0,63}$/.test(eventName))
      throw new Error(`Invalid hub event name "${eventName}"`);
    const stored = await (within ? new HubEventRepo(within, true) : this.repo).append(
      {
        userId,
        hub,
        sourceId,
        eventName,
        payloads: payloads.map((payload) => payload ?? null),
        ...(once ? { once } : {}),
      },
      this.retention.maxEventsPerSource,
      EVENTS_CHANNEL,
      encodeNotice,
    );
    return stored.map(toHubEvent);
  }

  headVersion(key: SourceKey): Promise<number> {
    return this.repo.headVersion(key);
  }

  /**
   * The events after a sequence token, oldest first. Fails with a message for the client when events after the
   * token were already trimmed, so the client reloads its state instead of silently missing some.
   */
  async eventsAfterToken(key: SourceKey, token: string, limit: number): Promise<StoredEvent[]> {
    const after = versionOfToken(token);
    const head = await this.repo.headVersion(key);
    if (after > head) {
      throw new HubError('The sequence token is ahead of this source; reload the state and subscribe again.');
    }
    if (after === head) return [];
    const events = await this.repo.eventsAfter(key, after, limit);
    if (events[0]?.version !== after + 1) throw new HubError(this.#tooOldMessage());
    return events;
  }

  /** Pages through the retained events after `afterVersion` (all of them from 0). */
  eventsAfterVersion(key: SourceKey, afterVersion: number, limit: number): Promise<StoredEvent[]> {
    return this.repo.eventsAfter(key, afterVersion, limit);
  }

  eventById(id: number): Promise<StoredEvent | null> {
    return this.repo.eventById(id);
  }

  /** Removes events older than the age limit. */
  sweep(now = Date.now()): Promise<void> {
    return this.repo.deleteOlderThan(new Date(now - this.retention.maxAgeMs));
  }

  #tooOldMessage(): string {
    const hours = Math.round((this.retention.maxAgeMs / 3_600_000) * 10) / 10;
    return (
      'The sequence token is older than the events kept for this source ' +
      `(the last ${this.retention.maxEventsPerSource} events, up to ${hours} h); ` +
      'reload the state and subscribe without a token.'
    );
  }
}
