import type { Duplex } from 'node:stream';
import { CheckFailure } from './errors.ts';

const EMPTY = Buffer.alloc(0);

type Take = (buffer: Buffer, ended: boolean) => number;

interface Waiter {
  take: Take;
  resolve: (bytes: Buffer) => void;
  reject: (error: unknown) => void;
}

/**
 * One read buffer shared by every plain socket of the process (`onread`): a read lands here instead of in a
 * fresh buffer of its own, and the reader copies out the few bytes it keeps before the next read can land.
 */
const SHARED_READ_BUFFER = Buffer.allocUnsafe(64 * 1024);

/**
 * Buffers what a socket sends and hands it out by size or by delimiter, so handshakes read exactly their reply.
 * A closed or failed socket rejects the pending read; the caller's deadline destroys the socket to stop waiting.
 */
export class SocketReader {
  private buffer: Buffer = EMPTY;
  private waiter: Waiter | null = null;
  private ended = false;
  private failure: unknown = null;

  /**
   * `pushed`: the socket was opened with `SocketReader.readOption` of this reader, so its bytes arrive through
   * that callback (no stream buffer per read) rather than as 'data' events.
   */
  constructor(
    private readonly socket: Duplex,
    pushed = false,
  ) {
    if (!pushed) socket.on('data', this.onData);
    socket.on('end', this.onEnd);
    socket.on('close', this.onEnd);
    socket.on('error', this.onError);
  }

  /**
   * The `onread` option for a plain TCP socket whose reader is created later: its reads go to the shared buffer
   * and on to whatever reader `target()` names then (bytes before that are kept for it).
   */
  static readOption(target: () => SocketReader | null) {
    let early: Buffer[] | null = null;
    return {
      buffer: SHARED_READ_BUFFER,
      callback: (length: number, buffer: Uint8Array): boolean => {
        const copy = Buffer.from(buffer.subarray(0, length));
        const reader = target();
        if (!reader) (early ??= []).push(copy);
        else {
          if (early) {
            for (const chunk of early) reader.buffer = concat(reader.buffer, chunk);
            early = null;
          }
          reader.onData(copy);
        }
        return true;
      },
    };
  }

  /** Exactly `length` bytes. */
  read(length: number): Promise<Buffer> {
    return this.wait((buffer) => (buffer.length >= length ? length : -1));
  }

  /** Bytes up to and including `delimiter`; fails past `max` bytes without one. */
  readUntil(delimiter: string, max: number): Promise<Buffer> {
    return this.wait((buffer) => {
      const at = buffer.indexOf(delimiter);
      if (at >= 0) return at + delimiter.length;
      if (buffer.length > max)
        throw new CheckFailure('bad_response', `no "${JSON.stringify(delimiter)}" in ${max} bytes`);
      return -1;
    });
  }

  /**
   * One message whose length its first bytes tell: `length` answers -1 until enough has arrived (it may throw on
   * a bad message).
   */
  readMessage(length: (buffer: Buffer) => number): Promise<Buffer> {
    return this.wait(length);
  }

  /** Everything until the peer closes, or the first `max` bytes. */
  readToEnd(max: number): Promise<Buffer> {
    return this.wait((buffer, ended) => (buffer.length >= max ? max : ended ? buffer.length : -1));
  }

  /** Stops listening (a TLS layer takes over the socket); unread bytes go back to the socket. */
  detach(): void {
    this.socket.off('data', this.onData);
    this.socket.off('end', this.onEnd);
    this.socket.off('close', this.onEnd);
    this.socket.off('error', this.onError);
    if (this.buffer.length > 0) this.socket.unshift(this.buffer);
    this.buffer = EMPTY;
  }

  private wait(take: Take): Promise<Buffer> {
    return new Promise<Buffer>((resolve, reject) => {
      this.waiter = { take, resolve, reject };
      this.drain();
    });
  }

  private readonly onData = (chunk: Buffer): void => {
    this.buffer = concat(this.buffer, chunk);
    this.drain();
  };

  private readonly onEnd = (): void => {
    this.ended = true;
    this.drain();
  };

  private readonly onError = (error: unknown): void => {
    this.failure ??= error;
    this.ended = true;
    this.drain();
  };

  private drain(): void {
    const waiter = this.waiter;
    if (!waiter) return;
    let count: number;
    try {
      count = waiter.take(this.buffer, this.ended && this.failure === null);
    } catch (error) {
      this.waiter = null;
      waiter.reject(error);
      return;
    }
    if (count >= 0) {
      this.waiter = null;
      const bytes = this.buffer.subarray(0, count);
      this.buffer = this.buffer.subarray(count);
      waiter.resolve(bytes);
      return;
    }
    if (this.ended) {
      this.waiter = null;
      waiter.reject(this.failure ?? new CheckFailure('bad_response', 'the connection closed mid-answer'));
    }
  }
}

function concat(buffer: Buffer, chunk: Buffer): Buffer {
  return buffer.length === 0 ? chunk : Buffer.concat([buffer, chunk]);
}
