/**
 * Steam's clock, asked through the account's proxy (steam-totp's own `getTimeOffset` calls Steam directly
 * and would leak the server's address). Answers are cached per proxy for 15 minutes, as ASF does.
 */
import type { Agent } from 'node:http';
import { HttpStatus } from '@tradedeck/sdk/contract';
import type { Clock } from '../clock.ts';
import { proxiedRequest, SteamRequestError } from './proxied-request.ts';

export const STEAM_TIME_CACHE_MS = 15 * 60_000;

export interface SteamClockReading {
  serverTime: number;
  offsetSeconds: number;
}

export class SteamTimeSource {
  readonly #cache = new Map<string, { offsetSeconds: number; at: number }>();

  constructor(
    private readonly apiBase: string,
    private readonly clock: Clock,
    private readonly timeoutMs: number,
    private readonly ca?: string,
  ) {}

  /** Throws SteamRequestError when the proxy or Steam fails. */
  async read(key: string, agent: Agent, fresh = false): Promise<SteamClockReading> {
    const cached = this.#cache.get(key);
    const now = this.clock.now();
    if (!fresh && cached && now - cached.at < STEAM_TIME_CACHE_MS) {
      return {
        serverTime: Math.floor(now / 1000) + cached.offsetSeconds,
        offsetSeconds: cached.offsetSeconds,
      };
    }
    const response = await proxiedRequest({
      method: 'POST',
      url: `${this.apiBase.replace(/\/$/, '')}/ITwoFactorService/QueryTime/v1/`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: Buffer.from('steamid=0'),
      agent,
      timeoutMs: this.timeoutMs,
      ca: this.ca,
    });
    const serverTime = readServerTime(response.statusCode, response.body);
    const offsetSeconds = serverTime - Math.floor(this.clock.now() / 1000);
    this.#cache.set(key, { offsetSeconds, at: this.clock.now() });
    return { serverTime, offsetSeconds };
  }
}

function readServerTime(statusCode: number, body: Buffer): number {
  if (statusCode === HttpStatus.Ok) {
    try {
      const parsed = JSON.parse(body.toString('utf8')) as { response?: { server_time?: unknown } };
      const value = Number(parsed.response?.server_time);
      if (Number.isInteger(value) && value > 0) return value;
    } catch {
      // falls through to the error below
    }
  }
  throw new SteamRequestError(
    { kind: 'unknown' },
    `QueryTime answered HTTP ${statusCode} without a server time`,
  );
}
