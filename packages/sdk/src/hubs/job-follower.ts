import type { HubEventDescriptor, HubPayload } from '../contract/hubs.ts';
import {
  createHubClient,
  type HubClient,
  type HubClientOptions,
  type HubNotice,
  type HubSubscription,
} from './hub-client.ts';

/** The part of a hub client a follower needs: typed subscriptions (a HubClient, or a stand-in in tests). */
export interface JobHub {
  subscribe<E extends HubEventDescriptor>(
    event: E,
    onEvent: (event: { payload: HubPayload<E> }) => void,
    options?: { sourceId?: string },
  ): Promise<Pick<HubSubscription, 'unsubscribe'>>;
}

/**
 * One event a job is followed on. `on` hears each payload with what `start` answered (the job id, the total), and
 * calls `end` when the payload is the job's last.
 */
export interface JobListener<S, R> {
  readonly event: HubEventDescriptor;
  readonly sourceId?: string;
  readonly on: (payload: never, started: S, end: (result: R) => void) => void;
}

/** A listener for one event, typed by the event's payload. */
export function onJobEvent<E extends HubEventDescriptor, S, R>(
  event: E,
  on: (payload: HubPayload<E>, started: S, end: (result: R) => void) => void,
  sourceId?: string,
): JobListener<S, R> {
  return { event, on: on as JobListener<S, R>['on'], ...(sourceId !== undefined ? { sourceId } : {}) };
}

export interface FollowJobOptions<S, R> {
  /** Starts the job (and whatever must be ready before its events are heard, such as a view). */
  start: () => Promise<S>;
  listen: readonly JobListener<S, R>[];
  /**
   * What happens to events that arrive while `start` runs: `keep` (the default) hands them over once it answered,
   * in order, so a job that ends before its id is known is not missed; `drop` skips them (the caller reads the
   * state after subscribing, and an older event would overwrite what it read).
   */
  beforeStart?: 'keep' | 'drop';
}

export interface FollowedJob<S, R> {
  /** What `start` answered. */
  readonly started: S;
  /** Settles once, with the first `end`: from a listener (the job's last event) or from outside (timeout, Ctrl+C). */
  readonly ended: Promise<R>;
  end(result: R): void;
}

/**
 * Follows a job over a hub: subscribes to its events before the job starts, so none is missed, tells this job's
 * events from other jobs' by what `start` answered, and unsubscribes once it ended. Later events are ignored.
 */
export async function followJob<S, R>(
  hub: JobHub,
  options: FollowJobOptions<S, R>,
): Promise<FollowedJob<S, R>> {
  let started: { value: S } | null = null;
  let ended = false;
  const early: Array<() => void> = [];
  let settle: (result: R) => void = () => {};
  const endedPromise = new Promise<R>((resolve) => {
    settle = resolve;
  });
  const end = (result: R) => {
    if (ended) return;
    ended = true;
    settle(result);
  };
  const subscriptions: Array<Pick<HubSubscription, 'unsubscribe'>> = [];
  const unsubscribeAll = async () => {
    await Promise.all(subscriptions.splice(0).map((s) => s.unsubscribe().catch(() => {})));
  };
  try {
    for (const listener of options.listen) {
      const hear = (payload: unknown) => {
        if (ended) return;
        if (started) listener.on(payload as never, started.value, end);
        else if (options.beforeStart !== 'drop') early.push(() => hear(payload));
      };
      subscriptions.push(
        await hub.subscribe(
          listener.event,
          ({ payload }) => hear(payload),
          listener.sourceId !== undefined ? { sourceId: listener.sourceId } : {},
        ),
      );
    }
    started = { value: await options.start() };
  } catch (error) {
    await unsubscribeAll();
    throw error;
  }
  for (const replay of early.splice(0)) replay();
  void endedPromise.then(unsubscribeAll);
  const value = started.value;
  return { started: value, ended: endedPromise, end };
}

/** A hub that could not be reached when it was first started. */
export class HubStartError extends Error {
  constructor(
    readonly hub: string,
    override readonly cause: Error,
  ) {
    super(cause.message);
    this.name = 'HubStartError';
  }
}

/**
 * Starts a hub client for a command that cannot wait in the background: a failed first start stops it and
 * rejects with `HubStartError` (the client would otherwise retry forever); later notices (lost, restored) go to
 * `onNotice`.
 */
export async function startHubOnce(options: HubClientOptions): Promise<HubClient> {
  let failure: Error | null = null;
  let started = false;
  const hub = createHubClient({
    ...options,
    onNotice: (notice: HubNotice) => {
      if (notice.kind === 'failed' && !started) {
        failure ??= notice.error;
        void hub.stop();
        return;
      }
      options.onNotice?.(notice);
    },
  });
  await hub.start();
  if (failure) throw new HubStartError(options.hub, failure);
  started = true;
  return hub;
}
