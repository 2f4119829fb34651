/**
 * API keys of the sandbox market. A key names the Steam account of the sandbox world it sells for:
 * `sandbox-tm-<login>` (for example `sandbox-tm-sandbox_bot_0001`), so a test, the demo or the seller module
 * knows a sandbox account's key without asking anyone; `SandboxMarket.registerAccount` opens one with a chosen
 * currency and balance and returns the same key. A few keys fail the way TM fails, for tests.
 */
import { createHash } from 'node:crypto';

const PREFIX = 'sandbox-tm-';

/** Keys that answer as a broken TM: `Bad KEY`, HTTP 502 (offline), HTTP 429. */
export const SANDBOX_MARKET_FAILURE_KEYS = {
  badKey: `${PREFIX}bad-key`,
  offline: `${PREFIX}offline`,
  rateLimited: `${PREFIX}rate-limited`,
} as const;

export function sandboxMarketKey(login: string): string {
  return `${PREFIX}${login.trim().toLowerCase()}`;
}

/** The Steam login a sandbox key sells for, or null when the key is not of the sandbox's form. */
export function loginOfSandboxMarketKey(key: string): string | null {
  return key.startsWith(PREFIX) && key.length > PREFIX.length ? key.slice(PREFIX.length) : null;
}

/** The payment password of a sandbox market account (money transfers), derived from its login and the world seed. */
export function sandboxPaymentPassword(login: string, seed: string): string {
  return `pay-${createHash('sha1').update(`${seed}:${login.toLowerCase()}:paypass`).digest('hex').slice(0, 10)}`;
}
