/**
 * The repeated-kill harness of the crash-recovery suites: sandbox servers on one data directory and one Steam
 * journal, on the database the suite runs on (PGlite, or Postgres with TEST_DATABASE_URL), killed with -9 and
 * started again; the user signed in on each; hub event logs and Steam's journal read to count what was announced
 * and done.
 */
import { existsSync, readFileSync } from 'node:fs';
import type { HubConnection } from '@microsoft/signalr';
import { afterAll, beforeAll } from 'vitest';
import type { SandboxAccount } from '../../src/integrations/steam/index.ts';
import { describeServer } from '../helpers/server-output.ts';
import type { SpawnedServer } from '../helpers/spawn-server.ts';
import {
  callApi,
  logInOnSpawned,
  pollUntil,
  sandboxServers,
  signUpOnSpawned,
  stepUpOnSpawned,
} from '../helpers/spawned-api.ts';
import { createTestDatabaseTarget, type TestDatabaseTarget } from '../helpers/test-database.ts';
import { officialClient } from '../hubs/signalr-client.ts';
import { addItem } from '../steam-accounts/helpers.ts';

export const CRASH_PASSWORD = 'Quartz-Lantern-42';
/** The credentials of the loopback CONNECT proxy a seller's Steam account (and its market calls) goes through. */
export const SELLER_PROXY = { username: 'seller', password: 'proxy-pass' } as const;

export interface LoggedEvent {
  eventName: string;
  version: number;
  payload: unknown;
}

export interface CrashHarnessOptions {
  prefix: string;
  email: string;
  userName: string;
  /** The environment of every server (slow sandbox answers, so kills land with the work half done). */
  env: Record<string, string>;
}

export function crashHarness(options: CrashHarnessOptions) {
  const { journal, start } = sandboxServers(options.prefix);
  let database: TestDatabaseTarget;
  let current: { server: SpawnedServer; url: string } | null = null;
  let token = '';
  const hubs: HubConnection[] = [];

  const running = () => {
    if (!current) throw new Error('no server is running');
    return current;
  };

  /** Starts the next server (on the same data) and signs in again. */
  async function startServer(): Promise<void> {
    const { server, url } = await start({
      ...options.env,
      ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
    });
    current = { server, url };
    if (token) token = await logInOnSpawned(url, { email: options.email, password: CRASH_PASSWORD });
    else
      token = await signUpOnSpawned(server, url, {
        email: options.email,
        userName: options.userName,
        password: CRASH_PASSWORD,
      });
  }

  async function kill(): Promise<void> {
    const { server } = running();
    server.child.kill('SIGKILL');
    await server.exited;
  }

  beforeAll(async () => {
    database = await createTestDatabaseTarget();
    await startServer();
  }, 180_000);
  afterAll(async () => {
    await Promise.all(hubs.map((connection) => connection.stop().catch(() => {})));
    if (current) await kill();
    await database?.drop();
  }, 60_000);

  /** A call as the signed-in user; `headers` adds e.g. the active workspace (`X-Workspace`). */
  const api = <T>(method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
    callApi<T>(running().url, method, path, body, token, headers);

  return {
    journal,
    api,
    server: () => running().server,
    url: () => running().url,
    token: () => token,
    /**
     * Adds the Steam account (its calls leaving through the loopback CONNECT proxy on `proxyPort`) and its seller
     * account on TM with `apiKey`; resolves with the seller account's id.
     */
    async addSeller(account: SandboxAccount, proxyPort: number, apiKey: string): Promise<number> {
      const proxyData = { protocol: 'http' as const, address: '127.0.0.1', port: proxyPort, ...SELLER_PROXY };
      const added = await api<{ addedAccounts: { id: number }[] }>('POST', '/api/steam-accounts', {
        accounts: { '0': addItem(account, { proxyData }) },
      });
      await stepUpOnSpawned(running().server, running().url, token);
      const row = await api<{ id: number }>('POST', '/api/p2p/accounts', {
        steamAccountId: added.addedAccounts[0]!.id,
        apiKey,
        paymentPassword: 'pay-secret-1',
        tmCurrency: 'USD',
      });
      return row.id;
    },

    /** kill -9 of the running server, then the next one. */
    async crash(): Promise<void> {
      await kill();
      await startServer();
    },

    /** The events of a hub source after `from` (a sequence token), read from the running server's log. */
    async eventsSince(hub: string, sourceId: string, from: string): Promise<LoggedEvent[]> {
      const connection = officialClient(running().url, hub, () => token);
      hubs.push(connection);
      await connection.start();
      try {
        return await new Promise<LoggedEvent[]>((resolve, reject) => {
          const events: LoggedEvent[] = [];
          connection.stream<LoggedEvent>('ReadLog', sourceId, from).subscribe({
            next: (event) => events.push(event),
            complete: () => resolve(events),
            error: reject,
          });
        });
      } finally {
        await connection.stop();
      }
    },

    /** The sequence token of a hub source's head: what comes after it is what the test's action announces. */
    async headOf(hub: string, sourceId: string): Promise<string> {
      const connection = officialClient(running().url, hub, () => token);
      hubs.push(connection);
      await connection.start();
      try {
        const head = (await connection.invoke('Subscribe', sourceId)) as { sequenceToken: string };
        return head.sequenceToken;
      } finally {
        await connection.stop();
      }
    },

    /** The lines of Steam's journal with the operation (`''`: every operation). */
    journalOps(op: string): string[] {
      return (existsSync(journal) ? readFileSync(journal, 'utf8') : '')
        .split('\n')
        .filter((line) => line.includes(op ? `"op":"${op}"` : '"op":'));
    },

    /** Polls until `probe` holds; on a time-out, fails naming what was awaited, the last answer and the log. */
    async until<T>(what: string, probe: () => Promise<T | null | false>, timeoutMs = 120_000): Promise<T> {
      let last: unknown = null;
      return pollUntil(async () => {
        last = await probe();
        return last as T | null | false;
      }, timeoutMs).catch(() => {
        throw new Error(
          `timed out waiting for ${what} (last: ${JSON.stringify(last)})\n${describeServer(running().server)}`,
        );
      });
    },
  };
}
