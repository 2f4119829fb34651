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
 * Buffers what a socket sends and hands it out by size or by delimiter, so handshakes read exactly their reply.
 * A closed or failed socket rejects the pending read; the caller's deadline destroys the socket to stop waiting.
 */
export class SocketReader {
  private buffer: Buffer = EMPTY;
  private waiter: Waiter | null = null;
  private ended = false;
  private failure: unknown = null;

  constructor(private readonly socket: Duplex) {
    socket.on('data', this.onData);
    socket.on('end', this.onEnd);
    socket.on('close', this.onEnd);
    socket.on('error', this.onError);
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
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
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
