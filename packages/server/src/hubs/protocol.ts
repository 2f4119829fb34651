/** The SignalR JSON hub protocol as the official client speaks it: record-separated JSON in text frames. */

export const RECORD_SEPARATOR = '\u001e';

export const MessageType = {
  Invocation: 1,
  StreamItem: 2,
  Completion: 3,
  StreamInvocation: 4,
  CancelInvocation: 5,
  Ping: 6,
  Close: 7,
} as const;

/** One record: JSON followed by the separator. Several records may share one text frame. */
export function record(message: object): string {
  return JSON.stringify(message) + RECORD_SEPARATOR;
}

/**
 * A record as the outbox holds it: text written for one connection, or bytes encoded once and shared by every
 * connection it goes to.
 */
export type OutgoingRecord = string | Buffer;

/** A record encoded once for several connections. */
export function sharedRecord(text: string): Buffer {
  return Buffer.from(text);
}

export const PING_RECORD = record({ type: MessageType.Ping });
export const HANDSHAKE_OK_RECORD = record({});

export function closeRecord(error?: string, allowReconnect?: boolean): string {
  return record({
    type: MessageType.Close,
    ...(error ? { error } : {}),
    ...(allowReconnect ? { allowReconnect: true } : {}),
  });
}

/** Joins frames and splits them into whole records; a record cut across frames waits for the rest. */
export class RecordReader {
  #pending = '';

  push(chunk: string): string[] {
    const text = this.#pending + chunk;
    const parts = text.split(RECORD_SEPARATOR);
    this.#pending = parts.pop() ?? '';
    return parts;
  }

  get pendingLength(): number {
    return this.#pending.length;
  }
}

/** An error whose message is meant for the caller; anything else is reported without details. */
export class HubError extends Error {
  override name = 'HubError';
}

/** Completion error texts, worded exactly as ASP.NET Core SignalR words them so clients can strip prefixes. */
export const HubErrors = {
  invoking(method: string, error: unknown): string {
    const base = `An unexpected error occurred invoking '${method}' on the server.`;
    return error instanceof HubError ? `${base} HubException: ${error.message}` : base;
  },
  streaming(error: unknown): string {
    const base = 'An error occurred on the server while streaming results.';
    return error instanceof HubError ? `${base} HubException: ${error.message}` : base;
  },
  unknownMethod: (method: string) => `Unknown hub method '${method}'`,
  binding: (method: string) => `Failed to invoke '${method}' due to an error on the server.`,
  streamingViaInvoke: (method: string) =>
    `The client attempted to invoke the streaming '${method}' method with a non-streaming invocation.`,
  nonStreamingViaStream: (method: string) =>
    `The client attempted to invoke the non-streaming '${method}' method with a streaming invocation.`,
  uploadMismatch: (method: string, sent: number) =>
    `An unexpected error occurred invoking '${method}' on the server. HubException: Client sent ${sent} stream(s), Hub method expects 0.`,
  idInUse: (id: string) => `Invocation ID '${id}' is already in use.`,
} as const;

export interface InvocationMessage {
  type: 1 | 4;
  invocationId?: string;
  target: string;
  arguments: unknown[];
  streamIds?: string[];
}

export type IncomingMessage =
  | InvocationMessage
  | { type: 5; invocationId: string }
  | { type: 6 }
  | { type: 7; error?: string }
  | { type: 2 | 3; invocationId: string }
  | { type: 'unknown' };

/** Parses one record sent by a client; throws on anything that breaks the protocol. */
export function parseIncoming(text: string): IncomingMessage {
  const value = JSON.parse(text) as Record<string, unknown>;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Error('A hub message must be a JSON object.');
  }
  switch (value.type) {
    case MessageType.Invocation:
    case MessageType.StreamInvocation: {
      const { invocationId, target, arguments: args, streamIds } = value;
      if (typeof target !== 'string' || !Array.isArray(args)) {
        throw new Error("An invocation needs a string 'target' and an 'arguments' array.");
      }
      if (invocationId !== undefined && typeof invocationId !== 'string') {
        throw new Error("'invocationId' must be a string.");
      }
      if (value.type === MessageType.StreamInvocation && invocationId === undefined) {
        throw new Error("A stream invocation needs an 'invocationId'.");
      }
      if (
        streamIds !== undefined &&
        !(Array.isArray(streamIds) && streamIds.every((s) => typeof s === 'string'))
      ) {
        throw new Error("'streamIds' must be an array of strings.");
      }
      return {
        type: value.type,
        target,
        arguments: args,
        ...(invocationId === undefined ? {} : { invocationId }),
        ...(streamIds === undefined ? {} : { streamIds: streamIds as string[] }),
      };
    }
    case MessageType.CancelInvocation:
    case MessageType.StreamItem:
    case MessageType.Completion:
      if (typeof value.invocationId !== 'string') throw new Error("'invocationId' must be a string.");
      return { type: value.type, invocationId: value.invocationId };
    case MessageType.Ping:
      return { type: MessageType.Ping };
    case MessageType.Close:
      return { type: MessageType.Close, ...(typeof value.error === 'string' ? { error: value.error } : {}) };
    default:
      if (typeof value.type !== 'number') throw new Error("A hub message needs a numeric 'type'.");
      return { type: 'unknown' };
  }
}

export interface HandshakeRequest {
  protocol: string;
  version: number;
}

/** Checks the client's first record; returns the error text to answer with, or null when accepted. */
export function handshakeError(text: string): string | null {
  let value: Partial<HandshakeRequest>;
  try {
    value = JSON.parse(text) as Partial<HandshakeRequest>;
  } catch {
    return 'An unexpected error occurred during connection handshake.';
  }
  if (typeof value !== 'object' || value === null || typeof value.protocol !== 'string') {
    return 'An unexpected error occurred during connection handshake.';
  }
  if (value.protocol !== 'json') return `Requested protocol '${value.protocol}' is not available.`;
  if (value.version !== 1 && value.version !== 2) {
    return `The server does not support version ${String(value.version)} of the 'json' protocol.`;
  }
  return null;
}
