import { isIPv6 } from 'node:net';
import { HttpStatus, ResultCode } from '@tradedeck/sdk/contract';
import { AppError } from '../http/app-error.ts';

export interface CounterStore {
  hit(key: string, windowMs: number, by?: number): Promise<{ count: number; windowStart: Date }>;
  peek(key: string, windowMs: number): Promise<{ count: number; windowStart: Date } | null>;
  reset(key: string): Promise<void>;
}

export interface Limit {
  max: number;
  windowMs: number;
}

/** Limits as documented in docs/security.md. */
export const LIMITS = {
  /** Per client address (/64 for IPv6), per route family: login, register, reset, change-*. */
  ipAuth: { max: 10, windowMs: 60_000 },
  ipAuthLong: { max: 60, windowMs: 15 * 60_000 },
  /** Wrong passwords per e-mail (known or not) across all addresses: then a 15-minute lock. */
  accountFailures: { max: 10, windowMs: 15 * 60_000 },
  /** Mails per account and purpose (one per 60 s is enforced separately), and per address. */
  mailPerAccount: { max: 5, windowMs: 60 * 60_000 },
  refreshPerSession: { max: 30, windowMs: 60_000 },
} satisfies Record<string, Limit>;

export const tooManyRequests = (retryAfterSeconds: number) =>
  new AppError({
    code: ResultCode.OperationRejected,
    text: {
      ru: `Слишком много попыток. Повторите через ${retryAfterSeconds} с.`,
      en: `Too many attempts. Try again in ${retryAfterSeconds} s.`,
    },
    details: { retryAfterSeconds },
    httpStatus: HttpStatus.TooManyRequests,
    headers: { 'retry-after': String(retryAfterSeconds) },
  });

/** Fixed-window counters kept in the database, so every server process shares them. */
export class RateLimiter {
  constructor(private readonly store: CounterStore) {}

  /** Counts one call; throws 429 (result 8, Retry-After) once the window's budget is spent. */
  async consume(key: string, limit: Limit): Promise<void> {
    const state = await this.store.hit(key, limit.windowMs);
    if (state.count > limit.max) throw tooManyRequests(retryAfter(state.windowStart, limit.windowMs));
  }

  /** Throws 429 when the counter already reached the limit, without counting this call. */
  async assertBelow(key: string, limit: Limit): Promise<void> {
    const state = await this.store.peek(key, limit.windowMs);
    if (state && state.count >= limit.max)
      throw tooManyRequests(retryAfter(state.windowStart, limit.windowMs));
  }

  /** How many calls the window holds now, without counting one. */
  async peek(key: string, windowMs: number): Promise<number> {
    return (await this.store.peek(key, windowMs))?.count ?? 0;
  }

  /** Counts one call and answers how many the window holds now, this one included (one atomic statement). */
  async count(key: string, windowMs: number): Promise<number> {
    return (await this.store.hit(key, windowMs)).count;
  }

  async add(key: string, limit: Limit): Promise<void> {
    await this.store.hit(key, limit.windowMs);
  }

  reset(key: string): Promise<void> {
    return this.store.reset(key);
  }
}

function retryAfter(windowStart: Date, windowMs: number): number {
  return Math.max(1, Math.ceil((windowStart.getTime() + windowMs - Date.now()) / 1000));
}

/** The address a limit is keyed on: IPv4 as is, IPv6 by its /64 network (one host usually owns a whole /64). */
export function clientKey(ip: string): string {
  const plain = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  if (!isIPv6(plain)) return plain;
  const [head = '', tail = ''] = plain.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g || '0', 16).toString(16))
    .join(':')}::/64`;
}
