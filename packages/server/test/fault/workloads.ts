import { randomInt } from 'node:crypto';
import { createServer, type Server, type Socket } from 'node:net';
import type { HubConnection, IRetryPolicy } from '@microsoft/signalr';
import { SandboxWorld, sandboxMafileText } from '../../src/integrations/steam/index.ts';
import { officialClient, type ReceivedEvent } from '../hubs/signalr-client.ts';
import { type ApiAnswer, api } from './fault-server.ts';

export const IMPORT_LINES = 100_000;
export const CHECKED_PROXIES = 300;
export const IMPORTED_ACCOUNTS = 60;

/** 100,000 distinct proxy lines in 10.0.0.0/8 (never dialled: the import only stores them). */
export function importLines(): string {
  return Array.from(
    { length: IMPORT_LINES },
    (_, i) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}:8080:user${i}:pass${i}`,
  ).join('\n');
}

/**
 * A proxy that accepts and then hangs up after a random 0-6 s, so that a check batch's results keep arriving
 * (and being saved) over several seconds, across the fault.
 */
export async function startSlowProxy(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
    setTimeout(() => socket.destroy(), randomInt(0, 6000)).unref();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Stores the proxies a check batch will check; answers their ids. */
export async function seedCheckedProxies(url: string, token: string, proxyPort: number): Promise<number[]> {
  const lines = Array.from(
    { length: CHECKED_PROXIES },
    (_, i) => `127.0.0.1:${proxyPort}:check${i}:secret${i}`,
  );
  const added = await api(url, 'POST', '/api/proxies', { proxies: lines.join('\n') }, token);
  if (added.status !== 200) throw new Error(`seeding proxies: ${added.status} ${JSON.stringify(added.body)}`);
  return added.body.data.addedIds as number[];
}

/** The add request of sandbox accounts (healthy bots, each with its proxy), as the add wizard sends it. */
export function accountImport(): { accounts: Record<string, unknown> } {
  const world = new SandboxWorld();
  const accounts: Record<string, unknown> = {};
  world.healthyAccounts(IMPORTED_ACCOUNTS, 501).forEach((account, index) => {
    accounts[String(index)] = {
      login: account.login,
      password: account.password,
      mafile: sandboxMafileText(account),
      // Each account brings its own proxy, stored in the account's transaction (sandbox Steam never dials it).
      proxyData: {
        protocol: 'http',
        address: `198.51.100.${index + 1}`,
        port: 3128,
        username: `acct${index}`,
        password: `proxy-secret-${index}`,
      },
    };
  });
  return { accounts };
}

/** A request that either answers or is cut off with the server (kill -9). */
export function settle(promise: Promise<ApiAnswer>): Promise<ApiAnswer | { cut: unknown }> {
  return promise.catch((error: unknown) => ({ cut: error }));
}

/** Retries every second for three minutes: long enough for a killed server to come back. */
const steadyRetry: IRetryPolicy = {
  nextRetryDelayInMilliseconds: (context) => (context.elapsedMilliseconds < 180_000 ? 1000 : null),
};

/**
 * A panel-like hub client on proxy-checker-hub: the official SignalR client with automatic reconnect, which
 * resubscribes from the last sequence token it saw after every reconnect, as the web app does.
 */
export class HubWatcher {
  readonly received: ReceivedEvent[] = [];
  readonly #connection: HubConnection;
  #lastToken: string | undefined;
  reconnects = 0;

  constructor(url: string, token: string) {
    this.#connection = officialClient(url, 'proxy-checker-hub', () => token, steadyRetry);
    // Every event of the source: each result, and each batch's end.
    for (const name of ['ProxyStatusUpdated', 'ProxyCheckFinished'])
      this.#connection.on(name, (event: ReceivedEvent) => {
        this.received.push(event);
        this.#lastToken = event.sequenceToken;
      });
    this.#connection.onreconnected(() => {
      this.reconnects += 1;
      void this.#subscribe().catch(() => {});
    });
  }

  /** Connects and subscribes; answers the version the source stood at. */
  async start(): Promise<number> {
    await this.#connection.start();
    return this.#subscribe();
  }

  async #subscribe(): Promise<number> {
    const head = (await this.#connection.invoke(
      'Subscribe',
      'proxies',
      ...(this.#lastToken ? [this.#lastToken] : []),
    )) as { version: number; sequenceToken: string };
    // The first answer names where the client starts: a reconnect before any event resumes from there.
    this.#lastToken ??= head.sequenceToken;
    return head.version;
  }

  stop(): Promise<void> {
    return this.#connection.stop();
  }
}
