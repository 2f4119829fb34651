import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { type SandboxAccount, SandboxWorld } from '../../src/integrations/steam/index.ts';
import { type AuthTestApp, createAuthTestApp } from '../auth/helpers/auth-app.ts';
import { addItem, proxyData } from '../steam-accounts/helpers.ts';

/** A parsed JSON body, as light-my-request types it. */
type Json = ReturnType<typeof JSON.parse>;

export interface TradingTestApp extends AuthTestApp {
  world: SandboxWorld;
}

/** The real app in sandbox mode on its own simulated Steam, which the test can look into. */
export async function createTradingTestApp(): Promise<TradingTestApp> {
  const world = new SandboxWorld();
  const t = await createAuthTestApp({}, undefined, { steam: { sandboxWorld: world } });
  return Object.assign(t, { world });
}

export function as(
  t: AuthTestApp,
  token: string,
  method: string,
  url: string,
  body?: unknown,
  lang = 'en-US',
) {
  return t.call(method, url, {
    token,
    ...(body !== undefined ? { body } : {}),
    headers: { 'accept-language': lang },
  });
}

/** The data of a successful answer (fails the test with the answer otherwise). */
export async function ok<T = Json>(response: Promise<LightMyRequestResponse>): Promise<T> {
  const res = await response;
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as T;
}

/** Adds sandbox accounts, each through its own inline proxy; answers their ids in order. */
export async function addSandboxAccounts(
  t: AuthTestApp,
  token: string,
  accounts: SandboxAccount[],
  firstProxy = 40,
): Promise<number[]> {
  const body = {
    accounts: Object.fromEntries(
      accounts.map((account, i) => [String(i), addItem(account, { proxyData: proxyData(firstProxy + i) })]),
    ),
  };
  const data = await ok(as(t, token, 'POST', '/api/steam-accounts', body));
  return accounts.map(
    (account) =>
      data.addedAccounts.find((row: { login: string }) => row.login === account.login).id as number,
  );
}

export async function waitFor<T>(
  probe: () => Promise<T | null | undefined | false>,
  timeoutMs = 20_000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Refreshes the accounts' inventories through the job and waits until every one was scanned since. */
export async function refreshInventories(
  t: AuthTestApp,
  token: string,
  accountIds: number[],
  games?: string[],
): Promise<void> {
  // The scans are stamped with the app's clock: a test that moved it on would otherwise take the last scan for new.
  const started = t.clock.now();
  await ok(
    as(t, token, 'POST', '/api/steam-trading/inventory-refresh', { accountIds, ...(games ? { games } : {}) }),
  );
  await waitFor(async () => {
    for (const id of accountIds) {
      const data = await ok(as(t, token, 'POST', `/api/steam-accounts/${id}/inventory/query`, {}));
      const wanted = games ?? ['community', 'cs2', 'dota2', 'rust', 'tf2'];
      const fresh = data.scans.filter(
        (scan: { game: string; attemptedAt: string }) =>
          wanted.includes(scan.game) && Date.parse(scan.attemptedAt) >= started,
      );
      if (fresh.length < wanted.length) return false;
    }
    return true;
  });
}

export interface Item {
  assetId: string;
  classId: string;
  appId: number;
  contextId: string;
  name: string;
  tradable: boolean;
  amount: number;
}

/** Every cached item of a game (all pages). */
export async function inventoryOf(t: AuthTestApp, token: string, id: number, game: string): Promise<Item[]> {
  const items: Item[] = [];
  for (let page = 1; ; page++) {
    const data = await ok(
      as(t, token, 'POST', `/api/steam-accounts/${id}/inventory/query`, {
        game,
        pages: { page, pageSize: 100 },
      }),
    );
    items.push(...data.items);
    if (items.length >= data.total || data.items.length === 0) return items;
  }
}
