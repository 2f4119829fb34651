import { randomBytes } from 'node:crypto';
import type { HubConnection } from '@microsoft/signalr';
import type { ProxyStatusUpdated } from '@tradedeck/sdk/domain';
import { eq, inArray } from 'drizzle-orm';
import { proxies, steamAccounts } from '../../../src/db/schema.ts';
import { passwordSlot } from '../../../src/modules/proxies/rows.ts';
import { type AuthTestApp, createAuthTestApp, type TestUser } from '../../auth/helpers/auth-app.ts';
import { officialClient, type ReceivedEvent, waitFor } from '../../hubs/signalr-client.ts';

export interface ProxyCheckTestApp extends AuthTestApp {
  url: string;
}

/**
 * The real app listening on loopback, its batches checking through the app's own judge with short deadlines
 * (a blackholed proxy costs the connect deadline).
 */
export async function createProxyCheckApp(
  tuning: { connectTimeoutMs?: number; totalTimeoutMs?: number; concurrency?: number } = {},
): Promise<ProxyCheckTestApp> {
  const t = await createAuthTestApp();
  const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  t.app.proxyChecks.tune({
    checkUrl: `${url}/api/proxy-judge`,
    // The test proxies listen on loopback.
    allowPrivateAddresses: true,
    connectTimeoutMs: tuning.connectTimeoutMs ?? 1000,
    totalTimeoutMs: tuning.totalTimeoutMs ?? 4000,
    ...(tuning.concurrency ? { concurrency: tuning.concurrency } : {}),
  });
  return Object.assign(t, { url });
}

export interface ProxyToStore {
  protocol: 0 | 1 | 2 | 3;
  host?: string;
  port: number;
  username?: string;
  password?: string;
}

/**
 * Stores proxies straight into the table, password sealed as the proxies module seals it; answers their ids. Unlike
 * proxies.add it lets a test store the same proxy many times (a 1,000-proxy batch through a few loopback servers).
 */
export async function storeProxies(t: AuthTestApp, userId: string, list: ProxyToStore[]): Promise<number[]> {
  const db = t.testDb.database.db;
  const rows = await db
    .insert(proxies)
    .values(
      list.map((p) => ({
        userId,
        protocol: p.protocol,
        host: p.host ?? '127.0.0.1',
        port: p.port,
        username: p.username ?? null,
        identityHash: randomBytes(16).toString('hex'),
      })),
    )
    .returning({ id: proxies.id, identityHash: proxies.identityHash });
  const box = await t.app.services.auth.secrets.openFor(userId);
  for (const [index, p] of list.entries()) {
    if (p.username === undefined || !p.password) continue;
    const { id, identityHash } = rows[index]!;
    const sealed = box.encrypt(passwordSlot(userId, identityHash), p.password);
    await db.update(proxies).set({ passwordEnc: sealed }).where(eq(proxies.id, id));
  }
  return rows.map((row) => row.id);
}

/** Gives a proxy to a new Steam account of the user (so a valid check says "in use"). */
export async function assignToSteamAccount(t: AuthTestApp, userId: string, proxyId: number): Promise<void> {
  await t.testDb.database.db.insert(steamAccounts).values({
    userId,
    login: `acct${randomBytes(4).toString('hex')}`,
    proxyId,
    passwordEnc: 'sealed',
    mafileEnc: 'sealed',
  });
}

export async function proxyRows(t: AuthTestApp, ids: number[]) {
  const rows = await t.testDb.database.db.select().from(proxies).where(inArray(proxies.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

/** A signed-in user's official SignalR client on proxy-checker-hub, subscribed to `proxies`, collecting events. */
export async function followChecks(
  t: ProxyCheckTestApp,
  user: TestUser,
  open: HubConnection[],
): Promise<{
  events: ReceivedEvent[];
  payloads: () => ProxyStatusUpdated[];
  finished: () => string[];
}> {
  const connection = officialClient(t.url, 'proxy-checker-hub', () => user.accessToken);
  open.push(connection);
  const events: ReceivedEvent[] = [];
  const finished: string[] = [];
  connection.on('ProxyStatusUpdated', (event: ReceivedEvent) => events.push(event));
  connection.on('ProxyCheckFinished', (event: ReceivedEvent) =>
    finished.push((event.payload as { batchId: string }).batchId),
  );
  await connection.start();
  await connection.invoke('Subscribe', 'proxies');
  return {
    events,
    payloads: () => events.map((event) => event.payload as ProxyStatusUpdated),
    finished: () => [...finished],
  };
}

/** Starts a batch through the API and answers its start reply. */
export async function startBatch(t: AuthTestApp, user: TestUser, body: unknown) {
  const res = await t.call('POST', '/api/proxies/check', { token: user.accessToken, body });
  if (res.statusCode !== 200) throw new Error(`proxies.check answered ${res.statusCode}: ${res.body}`);
  return res.json().data as { batchId: string; total: number; sourceId: string };
}

/** Waits for `count` events and answers their payloads by id. */
export async function waitForResults(
  collected: { events: ReceivedEvent[]; payloads: () => ProxyStatusUpdated[] },
  count: number,
  timeoutMs = 20_000,
): Promise<Map<number | string, ProxyStatusUpdated>> {
  await waitFor(() => collected.events.length >= count, `${count} ProxyStatusUpdated events`, timeoutMs);
  return new Map(collected.payloads().map((payload) => [payload.id, payload]));
}
