import type { FastifyBaseLogger } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import type { EventScope } from './authenticator.ts';
import type { HubDefinition, HubMethod, StreamMethod } from './hub-definition.ts';
import {
  closeRecord,
  HANDSHAKE_OK_RECORD,
  HubErrors,
  handshakeError,
  type IncomingMessage,
  type InvocationMessage,
  MessageType,
  type OutgoingRecord,
  PING_RECORD,
  parseIncoming,
  RecordReader,
  record,
} from './protocol.ts';
import type { RecordSink, Subscription } from './subscriptions.ts';

export interface ConnectionLimits {
  keepAliveMs: number;
  clientTimeoutMs: number;
  handshakeTimeoutMs: number;
  /**
   * Past this many unsent bytes (queued and in the socket) the client is too slow: it is asked to reconnect (and
   * resume from its tokens).
   */
  maxBufferedBytes: number;
  maxMessageBytes: number;
  /** Open connections one user may hold on one server process; more are refused. */
  maxConnectionsPerUser: number;
}

export interface ConnectionInfo {
  connectionId: string;
  userId: string;
  /** The device session of the credentials, when the authenticator names one. */
  sessionId: string | null;
  hub: HubDefinition<HubConnection>;
  /** When the credentials used to connect expire (ms since the epoch). */
  authExpiresAt: number | null;
  /** What the member may see, when it is limited to tags (`HubUser.sees`). */
  sees?: EventScope;
}

const CLOSE_GRACE_MS = 5000;
/**
 * The largest frame written at once, and how much may wait in the socket before the next is written. Queued
 * records past this size are written at once rather than at the end of the event-loop turn. Records wait in the
 * outbox as references (an event's record is encoded once for all its subscribers), so a connection's own copy
 * of its data is at most about two frames, however far behind it is.
 */
const FRAME_BYTES = 64 * 1024;

/**
 * Connections with records queued this turn of the event loop, flushed together at its end: one scheduled
 * callback for all of them instead of one per connection per burst (a burst of events to many subscribers would
 * otherwise allocate an immediate and a closure per connection and event).
 */
const toFlush: (HubConnection | undefined)[] = [];
let toFlushCount = 0;
function flushQueued(): void {
  // The list's slots are reused turn after turn (emptied, never shortened), so a busy hub does not grow a new one.
  for (let i = 0; i < toFlushCount; i++) {
    const connection = toFlush[i]!;
    toFlush[i] = undefined;
    connection.flushQueued();
  }
  toFlushCount = 0;
}
/** Outbox slots kept for reuse once it empties; a longer outbox (a client that fell far behind) is given back. */
const OUTBOX_KEPT_SLOTS = 1024;

/** One client on one hub: handshake, invocations, streams, keep-alive and orderly closing. */
export class HubConnection implements RecordSink {
  readonly connectionId: string;
  readonly userId: string;
  readonly sessionId: string | null;
  readonly hub: HubDefinition<HubConnection>;
  readonly sees: EventScope | undefined;
  /** This connection's subscriptions by source id. */
  readonly subscriptions = new Map<string, Subscription>();
  readonly #ws: WebSocket;
  readonly #limits: ConnectionLimits;
  readonly #log: FastifyBaseLogger;
  readonly #reader = new RecordReader();
  readonly #streams = new Map<string, AbortController>();
  readonly #closed = new AbortController();
  #state: 'handshake' | 'open' | 'closing' | 'closed' = 'handshake';
  readonly #now: () => number;
  #openedAt: number;
  #lastReceivedAt: number;
  #lastSentAt: number;
  #invocations: Promise<void> = Promise.resolve();
  /** Queued records from `#outboxHead` to `#outboxTail`; the slots before are sent and emptied, for reuse. */
  #outbox: (OutgoingRecord | undefined)[] = [];
  #outboxHead = 0;
  #outboxTail = 0;
  #outboxBytes = 0;
  #flushScheduled = false;
  readonly #onClosed: (connection: HubConnection) => void;
  readonly #authExpiresAt: number | null;

  constructor(
    ws: WebSocket,
    info: ConnectionInfo,
    limits: ConnectionLimits,
    log: FastifyBaseLogger,
    now: () => number,
    onClosed: (connection: HubConnection) => void,
  ) {
    this.#ws = ws;
    this.#now = now;
    this.#openedAt = now();
    this.#lastReceivedAt = this.#openedAt;
    this.#lastSentAt = this.#openedAt;
    this.connectionId = info.connectionId;
    this.userId = info.userId;
    this.sessionId = info.sessionId;
    this.hub = info.hub;
    this.sees = info.sees;
    this.#authExpiresAt = info.authExpiresAt;
    this.#limits = limits;
    this.#log = log;
    this.#onClosed = onClosed;
    ws.on('message', (data) => this.#onFrame(data));
    ws.on('close', () => this.#onSocketClosed());
    ws.on('error', (error) => this.#log.debug({ err: error }, 'hub socket error'));
  }

  get state(): string {
    return this.#state;
  }

  /** Fires when the connection ends: streams and subscriptions stop. */
  get closedSignal(): AbortSignal {
    return this.#closed.signal;
  }

  /** Bytes not yet sent: records queued here and data in the socket. */
  get bufferedBytes(): number {
    return this.#outboxBytes + this.#ws.bufferedAmount;
  }

  /**
   * Queues a record. Records queued in one turn of the event loop leave together in one frame (the protocol allows
   * several records per frame), which saves a write and a client wake-up per event in bursts. A record shared by
   * several connections (a Buffer) is not copied until its frame is written.
   */
  sendRecord(item: OutgoingRecord): boolean {
    if (this.#state !== 'open') return false;
    this.#outbox[this.#outboxTail++] = item;
    this.#outboxBytes += typeof item === 'string' ? Buffer.byteLength(item) : item.length;
    if (this.bufferedBytes > this.#limits.maxBufferedBytes) {
      this.#log.warn({ connectionId: this.connectionId }, 'hub client too slow; asking it to reconnect');
      // What it has not received it reads again from its sequence tokens: no need to hold it here.
      this.#dropOutbox();
      this.close('The client could not keep up with the server.', true);
      return false;
    }
    if (this.#outboxBytes >= FRAME_BYTES) this.#flush();
    else if (!this.#flushScheduled) {
      this.#flushScheduled = true;
      if (toFlushCount === 0) setImmediate(flushQueued);
      toFlush[toFlushCount++] = this;
    }
    return true;
  }

  /** The end of the turn in which records were queued: they leave now. */
  flushQueued(): void {
    this.#flushScheduled = false;
    this.#flush();
  }

  /** Writes queued frames while the socket has room; the rest waits for the last frame to leave. */
  #flush(): void {
    if (this.#state !== 'open') {
      this.#dropOutbox();
      return;
    }
    while (this.#queued > 0 && this.#ws.bufferedAmount < FRAME_BYTES) {
      this.#write(this.#takeFrame(FRAME_BYTES), this.#afterFrame);
    }
  }

  /** A frame left the socket: what waits goes next (one callback for every frame, not a closure per frame). */
  readonly #afterFrame = (): void => {
    if (this.#queued > 0) this.#flush();
  };

  get #queued(): number {
    return this.#outboxTail - this.#outboxHead;
  }

  /** Takes queued records up to about `maxBytes` (at least one) as the data of one frame. */
  #takeFrame(maxBytes: number): OutgoingRecord {
    let count = 0;
    let bytes = 0;
    const outbox = this.#outbox;
    const head = this.#outboxHead;
    while (head + count < this.#outboxTail && (count === 0 || bytes < maxBytes)) {
      const item = outbox[head + count++]!;
      bytes += typeof item === 'string' ? Buffer.byteLength(item) : item.length;
    }
    this.#outboxBytes -= bytes;
    let frame: OutgoingRecord;
    if (count === 1) frame = outbox[head]!;
    else {
      // Copied straight into the frame: no list of the records, no copy of a string record of its own.
      const buffer = Buffer.allocUnsafe(bytes);
      let at = 0;
      for (let i = head; i < head + count; i++) {
        const item = outbox[i]!;
        at += typeof item === 'string' ? buffer.write(item, at) : item.copy(buffer, at);
      }
      frame = buffer;
    }
    for (let i = head; i < head + count; i++) outbox[i] = undefined;
    this.#outboxHead = head + count;
    // Emptied: the slots are reused from the start (unless the outbox grew long: that room is given back).
    if (this.#outboxHead === this.#outboxTail) {
      if (outbox.length > OUTBOX_KEPT_SLOTS) this.#outbox = [];
      this.#outboxHead = 0;
      this.#outboxTail = 0;
    }
    return frame;
  }

  #dropOutbox(): void {
    this.#outbox = [];
    this.#outboxHead = 0;
    this.#outboxTail = 0;
    this.#outboxBytes = 0;
  }

  /** Sends a Close record and ends the socket; with `allowReconnect` the official client reconnects on its own. */
  close(error?: string, allowReconnect = false): void {
    if (this.#state === 'closing' || this.#state === 'closed') return;
    const wasOpen = this.#state === 'open';
    this.#state = 'closing';
    // Records still queued go out first, then the Close record.
    if (wasOpen) {
      while (this.#queued > 0) this.#write(this.#takeFrame(FRAME_BYTES));
      this.#write(closeRecord(error, allowReconnect));
    }
    this.#ws.close(1000);
    setTimeout(() => this.#ws.terminate(), CLOSE_GRACE_MS).unref();
  }

  /** Drops the socket without a Close record, as a network failure would. */
  abort(): void {
    this.#state = 'closing';
    this.#ws.terminate();
  }

  /** Called about once a second: keep-alive pings, client timeout and handshake timeout. */
  tick(now: number): void {
    if (this.#state === 'handshake' && now - this.#openedAt > this.#limits.handshakeTimeoutMs) {
      this.#write(record({ error: 'Handshake was canceled.' }));
      this.#state = 'closing';
      this.#ws.close(1000);
      return;
    }
    if (this.#state !== 'open') return;
    if (now - this.#lastReceivedAt > this.#limits.clientTimeoutMs) {
      this.#log.debug({ connectionId: this.connectionId }, 'hub client timed out');
      this.#state = 'closing';
      this.#ws.terminate();
      return;
    }
    if (this.#authExpiresAt !== null && now >= this.#authExpiresAt) {
      this.close('The access token has expired.', true);
      return;
    }
    if (now - this.#lastSentAt >= this.#limits.keepAliveMs) this.#write(PING_RECORD);
  }

  /** Resolves when the socket can take more data, or the connection ends. */
  async writable(): Promise<void> {
    while (this.#state === 'open' && this.bufferedBytes > this.#limits.maxBufferedBytes / 2) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  #write(data: OutgoingRecord, sent?: () => void): void {
    this.#lastSentAt = this.#now();
    // Always a text frame: the JSON protocol's records are text, whether queued as strings or encoded bytes.
    this.#ws.send(data, { binary: false }, sent);
  }

  #onFrame(data: RawData): void {
    this.#lastReceivedAt = this.#now();
    const text = Array.isArray(data) ? Buffer.concat(data).toString('utf8') : data.toString('utf8');
    for (const item of this.#reader.push(text)) {
      if (this.#state === 'handshake') {
        if (!this.#handshake(item)) return;
        continue;
      }
      if (this.#state !== 'open') return;
      let message: IncomingMessage;
      try {
        message = parseIncoming(item);
      } catch (error) {
        this.#log.debug({ err: error, connectionId: this.connectionId }, 'hub protocol error');
        this.close('Connection closed with an error.');
        return;
      }
      this.#dispatch(message);
    }
    if (this.#reader.pendingLength > this.#limits.maxMessageBytes)
      this.close('Connection closed with an error.');
  }

  #handshake(text: string): boolean {
    const error = handshakeError(text);
    if (error) {
      this.#write(record({ error }));
      this.#state = 'closing';
      this.#ws.close(1000);
      return false;
    }
    this.#state = 'open';
    this.#write(HANDSHAKE_OK_RECORD);
    return true;
  }

  #dispatch(message: IncomingMessage): void {
    switch (message.type) {
      case MessageType.Invocation:
        this.#onInvocation(message);
        return;
      case MessageType.StreamInvocation:
        this.#onStreamInvocation(message);
        return;
      case MessageType.CancelInvocation:
        this.#streams.get(message.invocationId)?.abort();
        return;
      case MessageType.Close:
        this.#state = 'closing';
        this.#ws.close(1000);
        return;
      default:
        // Pings only refresh the timeout; upload items and unknown types are ignored.
        return;
    }
  }

  #complete(invocationId: string | undefined, outcome: { result?: unknown; error?: string }): void {
    if (invocationId === undefined) return;
    const message: Record<string, unknown> = { type: MessageType.Completion, invocationId };
    if (outcome.error !== undefined) message.error = outcome.error;
    else if (outcome.result !== undefined) message.result = outcome.result;
    this.sendRecord(record(message));
  }

  #lookup(message: InvocationMessage): HubMethod<HubConnection> | null {
    const method = this.hub.methods.get(message.target.toLowerCase());
    if (!method) {
      this.#complete(message.invocationId, { error: HubErrors.unknownMethod(message.target) });
      return null;
    }
    if (message.streamIds?.length) {
      this.#complete(message.invocationId, {
        error: HubErrors.uploadMismatch(method.name, message.streamIds.length),
      });
      return null;
    }
    return method;
  }

  #onInvocation(message: InvocationMessage): void {
    const method = this.#lookup(message);
    if (!method) return;
    if (method.kind === 'stream') {
      this.#complete(message.invocationId, { error: HubErrors.streamingViaInvoke(method.name) });
      return;
    }
    // One invocation at a time per connection, as ASP.NET does by default: a client sees its calls in order.
    this.#invocations = this.#invocations.then(async () => {
      if (this.#state !== 'open') return;
      const args = method.args.safeParse(message.arguments);
      if (!args.success) {
        this.#complete(message.invocationId, { error: HubErrors.binding(method.name) });
        return;
      }
      try {
        const result = await method.run(
          { userId: this.userId, connection: this, signal: this.#closed.signal },
          args.data,
        );
        this.#complete(message.invocationId, { result });
      } catch (error) {
        this.#log.debug({ err: error, method: method.name }, 'hub method failed');
        this.#complete(message.invocationId, { error: HubErrors.invoking(method.name, error) });
      }
    });
  }

  #onStreamInvocation(message: InvocationMessage): void {
    const invocationId = message.invocationId!;
    if (this.#streams.has(invocationId)) {
      this.#complete(invocationId, { error: HubErrors.idInUse(invocationId) });
      return;
    }
    const method = this.#lookup(message);
    if (!method) return;
    if (method.kind !== 'stream') {
      this.#complete(invocationId, { error: HubErrors.nonStreamingViaStream(method.name) });
      return;
    }
    const args = method.args.safeParse(message.arguments);
    if (!args.success) {
      this.#complete(invocationId, { error: HubErrors.binding(method.name) });
      return;
    }
    const controller = new AbortController();
    this.#streams.set(invocationId, controller);
    void this.#runStream(method, invocationId, args.data, controller);
  }

  async #runStream(
    method: StreamMethod<HubConnection>,
    invocationId: string,
    args: unknown[],
    controller: AbortController,
  ): Promise<void> {
    const signal = AbortSignal.any([controller.signal, this.#closed.signal]);
    let error: string | undefined;
    try {
      for await (const item of method.run({ userId: this.userId, connection: this, signal }, args)) {
        if (signal.aborted) break;
        await this.writable();
        this.sendRecord(record({ type: MessageType.StreamItem, invocationId, item }));
      }
    } catch (caught) {
      if (!signal.aborted) {
        this.#log.debug({ err: caught, method: method.name }, 'hub stream failed');
        error = HubErrors.streaming(caught);
      }
    } finally {
      this.#streams.delete(invocationId);
    }
    // A cancelled stream still gets its final completion.
    this.#complete(invocationId, error === undefined ? {} : { error });
  }

  #onSocketClosed(): void {
    if (this.#state === 'closed') return;
    this.#state = 'closed';
    this.#closed.abort();
    for (const controller of this.#streams.values()) controller.abort();
    this.#streams.clear();
    this.#onClosed(this);
  }
}
