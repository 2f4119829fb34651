import {
  HttpTransportType,
  type HubConnection,
  HubConnectionBuilder,
  HubConnectionState,
  type ILogger,
  LogLevel,
} from '@microsoft/signalr';
import { WITHHELD_EVENT } from '../contract/hub-routes.ts';
import type { HubEventDescriptor, HubPayload } from '../contract/hubs.ts';
import {
  HUB_RECONNECT_DELAYS_MS,
  HUB_RESTART_AFTER_FAILED_START_MS,
  HUB_RESUBSCRIBE_WAIT_MS,
} from '../domain/constants.ts';
import { type FrameListener, TappedJsonProtocol } from './frame-tap.ts';
import { HUB_EVENTS, type HubEvent, type HubName, type SubscribeResult } from './hub-names.ts';
import { SourceTracker } from './source-tracker.ts';

/**
 * What the live connection tells the app: `lost` (reconnecting), `restored` (reconnected and resubscribed),
 * `closed` (gave up; starts again after the failed-start delay), `failed` (a start attempt failed; retrying),
 * `desync` (a version gap on a source; resubscribing from its last token).
 */
export type HubNotice =
  | { kind: 'lost'; error?: Error }
  | { kind: 'restored' }
  | { kind: 'closed'; error?: Error }
  | { kind: 'failed'; error: Error }
  | { kind: 'desync'; sourceId: string; expected: number; received: number };

export interface HubClientOptions {
  /** Server origin, e.g. `https://panel.example`; hubs live at `{baseUrl}/tenant/hubs/{hub}`. */
  baseUrl: string;
  hub: HubName;
  /** Called before every negotiate and WebSocket: the current access token, or null when signed out. */
  accessToken: () => string | null | Promise<string | null>;
  /**
   * The workspace whose events the connection receives (its id, the `workspace` query parameter); absent or null,
   * the signed-in user's personal workspace. A member limited to tags receives only events about its accounts and
   * proxies. Switching workspaces takes a new client.
   */
  workspace?: string | null;
  /** Event names to deliver to subscribers; defaults to the hub's known events. */
  events?: readonly string[];
  onNotice?: (notice: HubNotice) => void;
  /** Every protocol message in and out, for socket debugging. */
  onFrame?: FrameListener;
  reconnectDelaysMs?: readonly number[];
  restartAfterFailedStartMs?: number;
  resubscribeWaitMs?: number;
  /** Logging of the underlying SignalR client; silent by default. */
  logger?: ILogger | LogLevel;
}

export type EventHandler = (event: HubEvent, eventName: string) => void;

export interface SubscribeOptions {
  /** Resume after this token (replays what came after it). */
  fromSequenceToken?: string | null;
  /**
   * Called when the server no longer keeps the events after the token (retention): the app should reload the
   * source's state; the subscription then continues from the present.
   */
  onReset?: (error: Error) => void;
}

/** Receives one event whose payload passed the event's schema. */
export type TypedEventHandler<E extends HubEventDescriptor> = (event: HubEvent<HubPayload<E>>) => void;

export interface TypedSubscribeOptions extends SubscribeOptions {
  /** The source to follow; defaults to the event's only source (`proxies`). */
  sourceId?: string;
  /** A payload that does not match the event's schema is skipped; this hears of it. */
  onInvalid?: (error: Error, event: HubEvent) => void;
}

export interface HubSubscription {
  readonly sourceId: string;
  /** The last version delivered (or the version the subscription started after). */
  readonly lastVersion: number | null;
  readonly lastSequenceToken: string | null;
  unsubscribe(): Promise<void>;
}

interface SourceState {
  sourceId: string;
  tracker: SourceTracker;
  handlers: Set<EventHandler>;
  onReset: Set<(error: Error) => void>;
  resyncing: boolean;
}

const TOO_OLD = /older than the events kept/;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The live-hub client shared by the web app and the CLI, over the official SignalR client: spec reconnect delays,
 * a failed start retried, per-source ordering with gap repair, and resubscription after every reconnect.
 */
export class HubClient {
  readonly connection: HubConnection;
  readonly #options: HubClientOptions;
  readonly #sources = new Map<string, SourceState>();
  #stopped = true;
  #startLoop: Promise<void> | null = null;
  #wake: (() => void) | null = null;

  constructor(options: HubClientOptions) {
    this.#options = options;
    const base = `${options.baseUrl.replace(/\/+$/, '')}/tenant/hubs/${options.hub}`;
    // SignalR keeps the query of this URL on negotiate and on the WebSocket alike.
    const hubUrl = options.workspace ? `${base}?workspace=${encodeURIComponent(options.workspace)}` : base;
    let builder = new HubConnectionBuilder()
      .withUrl(hubUrl, {
        transport: HttpTransportType.WebSockets,
        // Signed out: no request at all (a negotiate without a token only earns a 401 in the console).
        accessTokenFactory: async () => {
          const token = await options.accessToken();
          if (!token) throw new Error('signed out: no access token for the hub');
          return token;
        },
      })
      .withAutomaticReconnect([...(options.reconnectDelaysMs ?? HUB_RECONNECT_DELAYS_MS)])
      .configureLogging(options.logger ?? LogLevel.None);
    if (options.onFrame) builder = builder.withHubProtocol(new TappedJsonProtocol(options.onFrame));
    this.connection = builder.build();

    for (const name of options.events ?? HUB_EVENTS[options.hub]) {
      this.connection.on(name, (event: HubEvent) => this.#onEvent(name, event));
    }
    this.connection.on(WITHHELD_EVENT, (event: HubEvent) => this.#onEvent(WITHHELD_EVENT, event));
    this.connection.onreconnecting((error) => this.#notify({ kind: 'lost', ...(error ? { error } : {}) }));
    this.connection.onreconnected(() => {
      void this.#joinAll().then(() => this.#notify({ kind: 'restored' }));
    });
    this.connection.onclose((error) => {
      if (this.#stopped) return;
      this.#notify({ kind: 'closed', ...(error ? { error } : {}) });
      this.#startLoop = this.#runStartLoop(this.#restartDelay());
    });
  }

  get state(): HubConnectionState {
    return this.connection.state;
  }

  /**
   * Connects, retrying a failed start after the spec delay until it succeeds or `stop()` is called. Resolves
   * once connected (or stopped).
   */
  start(): Promise<void> {
    if (!this.#stopped && this.#startLoop) return this.#startLoop;
    this.#stopped = false;
    this.#startLoop = this.#runStartLoop(0);
    return this.#startLoop;
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    this.#wake?.();
    await this.connection.stop();
  }

  /**
   * Follows one event of a source, its payload parsed with the event's schema: the handler gets each event once,
   * in version order, typed by the contract.
   */
  subscribe<E extends HubEventDescriptor>(
    event: E,
    onEvent: TypedEventHandler<E>,
    options?: TypedSubscribeOptions,
  ): Promise<HubSubscription>;
  /** Follows one source, every event name, payloads as they come (debugging, custom events). */
  subscribe(sourceId: string, handler: EventHandler, options?: SubscribeOptions): Promise<HubSubscription>;
  subscribe(
    target: string | HubEventDescriptor,
    handler: EventHandler | TypedEventHandler<HubEventDescriptor>,
    options: TypedSubscribeOptions = {},
  ): Promise<HubSubscription> {
    if (typeof target === 'string') return this.#subscribe(target, handler as EventHandler, options);
    if (target.hub !== this.#options.hub) {
      throw new TypeError(`${target.name} travels on ${target.hub}, not ${this.#options.hub}`);
    }
    const sourceId = options.sourceId ?? target.defaultSource;
    if (sourceId === undefined) throw new TypeError(`${target.name} needs a source id`);
    const typed = handler as TypedEventHandler<HubEventDescriptor>;
    return this.#subscribe(
      sourceId,
      (event, eventName) => {
        if (eventName !== target.name) return;
        const parsed = target.payload.safeParse(event.payload);
        if (parsed.success) typed({ ...event, payload: parsed.data });
        else options.onInvalid?.(parsed.error, event);
      },
      options,
    );
  }

  async #subscribe(
    sourceId: string,
    handler: EventHandler,
    options: SubscribeOptions,
  ): Promise<HubSubscription> {
    let state = this.#sources.get(sourceId);
    const fresh = !state;
    if (!state) {
      state = {
        sourceId,
        tracker: new SourceTracker(options.fromSequenceToken ?? null),
        handlers: new Set(),
        onReset: new Set(),
        resyncing: false,
      };
      this.#sources.set(sourceId, state);
    }
    state.handlers.add(handler);
    if (options.onReset) state.onReset.add(options.onReset);
    if (fresh && this.connection.state === HubConnectionState.Connected) {
      try {
        await this.#join(state);
      } catch (error) {
        this.#sources.delete(sourceId);
        throw error;
      }
    }
    const source = state;
    return {
      sourceId,
      get lastVersion() {
        return source.tracker.lastVersion;
      },
      get lastSequenceToken() {
        return source.tracker.lastSequenceToken;
      },
      unsubscribe: async () => {
        source.handlers.delete(handler);
        if (options.onReset) source.onReset.delete(options.onReset);
        if (source.handlers.size > 0 || this.#sources.get(sourceId) !== source) return;
        this.#sources.delete(sourceId);
        if (this.connection.state === HubConnectionState.Connected) {
          await this.connection.invoke('Unsubscribe', sourceId);
        }
      },
    };
  }

  invoke<T = unknown>(method: string, ...args: unknown[]): Promise<T> {
    return this.connection.invoke<T>(method, ...args);
  }

  /** Listens to a hub event as it arrives, without per-source ordering (debugging, custom events). */
  on(eventName: string, handler: (...args: unknown[]) => void): () => void {
    this.connection.on(eventName, handler);
    return () => this.connection.off(eventName, handler);
  }

  async #runStartLoop(initialDelayMs: number): Promise<void> {
    if (initialDelayMs > 0) await this.#pause(initialDelayMs);
    while (!this.#stopped) {
      try {
        await this.connection.start();
        await this.#joinAll();
        return;
      } catch (error) {
        if (this.#stopped) return;
        this.#notify({ kind: 'failed', error: error instanceof Error ? error : new Error(String(error)) });
        await this.#pause(this.#restartDelay());
      }
    }
  }

  #restartDelay(): number {
    return this.#options.restartAfterFailedStartMs ?? HUB_RESTART_AFTER_FAILED_START_MS;
  }

  /** Waits, but wakes early when stopped. */
  #pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      if (this.#stopped) {
        resolve();
        return;
      }
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.#wake = done;
    });
  }

  async #joinAll(): Promise<void> {
    await Promise.all(
      [...this.#sources.values()].map((state) =>
        this.#join(state).catch(() => {
          // The connection dropped mid-way; the next reconnect joins again.
        }),
      ),
    );
  }

  async #join(state: SourceState): Promise<void> {
    let result: SubscribeResult;
    try {
      result = await this.connection.invoke<SubscribeResult>(
        'Subscribe',
        state.sourceId,
        state.tracker.lastSequenceToken,
      );
    } catch (error) {
      if (!(error instanceof Error) || !TOO_OLD.test(error.message)) throw error;
      state.tracker.reset();
      for (const onReset of state.onReset) onReset(error);
      result = await this.connection.invoke<SubscribeResult>('Subscribe', state.sourceId, null);
    }
    state.tracker.joined(result);
  }

  #onEvent(eventName: string, event: HubEvent): void {
    const state = event && typeof event === 'object' ? this.#sources.get(event.sourceId) : undefined;
    if (!state) return;
    const verdict = state.tracker.judge(event);
    if (verdict === 'deliver') {
      state.tracker.advance(event);
      // An event outside the member's tags keeps the order and reaches no handler.
      if (eventName === WITHHELD_EVENT) return;
      for (const handler of state.handlers) handler(event, eventName);
      return;
    }
    if (verdict === 'gap' && !state.resyncing) {
      this.#notify({
        kind: 'desync',
        sourceId: state.sourceId,
        expected: (state.tracker.lastVersion ?? 0) + 1,
        received: event.version,
      });
      void this.#resync(state);
    }
  }

  /** Version gap: unsubscribe, wait, subscribe again from the last token (the server replays what was missed). */
  async #resync(state: SourceState): Promise<void> {
    state.resyncing = true;
    try {
      await this.connection.invoke('Unsubscribe', state.sourceId);
      await sleep(this.#options.resubscribeWaitMs ?? HUB_RESUBSCRIBE_WAIT_MS);
      if (this.#sources.get(state.sourceId) === state) await this.#join(state);
    } catch {
      // A reconnect resubscribes anyway.
    } finally {
      state.resyncing = false;
    }
  }

  #notify(notice: HubNotice): void {
    this.#options.onNotice?.(notice);
  }
}

export function createHubClient(options: HubClientOptions): HubClient {
  return new HubClient(options);
}
