/**
 * Waxpeer's trade socket for one seller account (DarkGL/waxpeer `src/Sockets/tradeSocket.ts`): on open it sends
 * the `auth` message (Steam id, API key, trade link, `identity_secret: true`, `source: "custom"`) and a ping
 * every 25 s; `send-trade` tells us to send a sold item, `cancelTrade` withdraws it. A closed socket reconnects
 * after a pause that grows with each failed try (the client's `(tries + 1) s`), capped, and reset by a good open.
 * The key goes only in the auth message to the configured socket host, never in a log line.
 */
import type { Agent } from 'node:http';
import WebSocket from 'ws';

export interface WaxpeerSocketOptions {
  url: string;
  apiKey: string;
  steamId: string;
  tradeLink: string | null;
  agent?: Agent;
  /** Growth step and cap of the reconnect pause. */
  retryStepMs: number;
  retryMaxMs: number;
  pingEveryMs: number;
  onSendTrade(data: Record<string, unknown>): void;
  onCancelTrade(data: Record<string, unknown>): void;
  /** The socket opened (true) or closed (false). */
  onState?(open: boolean): void;
}

export class WaxpeerTradeSocket {
  #ws: WebSocket | null = null;
  #tries = 0;
  #ping: NodeJS.Timeout | null = null;
  #retry: NodeJS.Timeout | null = null;
  #closed = false;

  constructor(private readonly options: WaxpeerSocketOptions) {}

  get isOpen(): boolean {
    return this.#ws?.readyState === WebSocket.OPEN;
  }

  open(): void {
    if (this.#closed || (this.#ws && this.#ws.readyState !== WebSocket.CLOSED)) return;
    const ws = new WebSocket(this.options.url, this.options.agent ? { agent: this.options.agent } : {});
    this.#ws = ws;
    ws.on('error', () => {
      // The close that follows schedules the reconnect; the error text may carry the URL, so it is not logged.
    });
    ws.on('open', () => {
      this.#tries = 0;
      ws.send(
        JSON.stringify({
          name: 'auth',
          steamid: this.options.steamId,
          apiKey: this.options.apiKey,
          tradeurl: this.options.tradeLink,
          identity_secret: true,
          source: 'custom',
        }),
      );
      this.stopPing();
      this.#ping = setInterval(() => {
        if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ name: 'ping' }));
      }, this.options.pingEveryMs);
      this.#ping.unref();
      this.options.onState?.(true);
    });
    ws.on('message', (raw) => this.read(String(raw)));
    ws.on('close', () => {
      this.stopPing();
      this.options.onState?.(false);
      if (this.#closed) return;
      this.#tries += 1;
      const pause = Math.min(this.options.retryMaxMs, this.#tries * this.options.retryStepMs);
      this.#retry = setTimeout(() => {
        this.#retry = null;
        this.open();
      }, pause);
      this.#retry.unref();
    });
  }

  /** Closes for good (the account paused or stopped). */
  close(): void {
    this.#closed = true;
    this.stopPing();
    if (this.#retry) clearTimeout(this.#retry);
    this.#ws?.terminate();
  }

  private read(text: string): void {
    let message: Record<string, unknown>;
    try {
      message = JSON.parse(text) as Record<string, unknown>;
    } catch {
      return;
    }
    const data = (message.data ?? {}) as Record<string, unknown>;
    if (message.name === 'send-trade') this.options.onSendTrade(data);
    else if (message.name === 'cancelTrade') this.options.onCancelTrade(data);
  }

  private stopPing(): void {
    if (this.#ping) clearInterval(this.#ping);
    this.#ping = null;
  }
}
