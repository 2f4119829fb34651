import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ConfigError, type ServerConfig } from '../config/config.ts';
import type { Database } from '../db/database.ts';
import { type HubAuthenticator, refuseEveryone } from './authenticator.ts';
import { ConnectionTokens } from './connection-token.ts';
import { parseEndedSessions, SESSIONS_ENDED_CHANNEL } from './ended-sessions.ts';
import { DEFAULT_RETENTION, EVENTS_CHANNEL, EventLog, type RetentionPolicy } from './event-log/event-log.ts';
import { HubEventRepo } from './event-log/repo.ts';
import { listenForNotices } from './fanout.ts';
import { type SourceGuard, validateSource } from './hub-catalog.ts';
import type { ConnectionLimits } from './hub-connection.ts';
import { HubServer } from './hub-server.ts';
import { buildSourceHubs } from './source-hubs.ts';
import { SubscriptionRegistry } from './subscriptions.ts';

export interface HubTuning {
  limits: ConnectionLimits;
  retention: RetentionPolicy;
  connectionTokenTtlMs: number;
}

/** The hubs as the rest of the server sees them (`app.hubs`). */
export interface Hubs {
  /** Producers (proxy checker, harvester) append events here. */
  readonly eventLog: EventLog;
  readonly server: HubServer;
  readonly registry: SubscriptionRegistry;
  /** Sets who may connect; until set, every connection is refused. */
  setAuthenticator(authenticate: HubAuthenticator): void;
  /** Lets the module that owns a hub's objects refuse sources the user does not own. */
  guardSources(hub: string, guard: SourceGuard): void;
  /** Changes timeouts, buffer limits or retention of the running hubs. */
  tune(changes: {
    limits?: Partial<ConnectionLimits>;
    retention?: Partial<RetentionPolicy>;
    connectionTokenTtlMs?: number;
  }): void;
  /** Closes a user's connections for good (Close without reconnect): sign-out everywhere, ban, disabled tenant. */
  disconnectUser(userId: string): void;
  /**
   * Closes, in this process, the connections of device sessions that ended. Other processes hear of ended
   * sessions through the notice the session repository sends on `tradedeck_sessions_ended`.
   */
  endSessions(sessionIds: readonly string[]): void;
  /**
   * Hears of device sessions that ended in any process, as their notices arrive; `null` when notices may have been
   * lost (the listener reconnected), so whatever was kept of sessions is stale.
   */
  onSessionsEnded(listener: (sessionIds: readonly string[] | null) => void): void;
  /** Sends Close with allowReconnect to every client and stops taking new ones. */
  drain(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    hubs: Hubs;
  }
}

export const DEFAULT_LIMITS: ConnectionLimits = {
  keepAliveMs: 15_000,
  clientTimeoutMs: 30_000,
  handshakeTimeoutMs: 15_000,
  maxBufferedBytes: 2 * 1024 * 1024,
  maxMessageBytes: 32 * 1024,
  maxConnectionsPerUser: 20,
};

const SWEEP_INTERVAL_MS = 5 * 60 * 1000;
const KEY_NAME = 'hub-connection-token';

export interface RegisterHubsOptions {
  config: ServerConfig;
  database: Database;
  env?: NodeJS.ProcessEnv;
  /** The app's clock's time, which keep-alive and timeouts are measured on (the system's by default). */
  now?: () => number;
}

/**
 * Serves the live hubs at /tenant/hubs/{hub} on the app's HTTP server, with the event log and fan-out between
 * processes. Connection tokens are signed with TRADEDECK_HUB_SECRET, or else with a key kept in the database, so
 * every process on one database accepts every other's tokens.
 */
export async function registerHubs(app: FastifyInstance, options: RegisterHubsOptions): Promise<Hubs> {
  const env = options.env ?? process.env;
  const repo = new HubEventRepo(options.database.db);
  const configured = env.TRADEDECK_HUB_SECRET?.trim();
  if (configured && configured.length < 32) {
    throw new ConfigError(
      'TRADEDECK_HUB_SECRET must be at least 32 characters (for example: openssl rand -base64 32)',
    );
  }
  const secret = configured || (await repo.sharedKey(KEY_NAME, randomBytes(32).toString('base64url')));
  const retention: RetentionPolicy = { ...DEFAULT_RETENTION };
  const limits: ConnectionLimits = { ...DEFAULT_LIMITS };
  const eventLog = new EventLog(repo, retention, validateSource);
  const registry = new SubscriptionRegistry(async (id) => {
    const event = await eventLog.eventById(id);
    if (!event) throw new Error('event no longer kept');
    return event.payload;
  });
  const guards = new Map<string, SourceGuard>();
  let authenticate: HubAuthenticator = refuseEveryone;
  const tokenTtl = { ms: 30_000 };

  const server = new HubServer({
    hubs: buildSourceHubs({ eventLog, registry, guards }),
    tokens: new ConnectionTokens(secret),
    authenticate: (token, workspace) => authenticate(token, workspace),
    limits,
    get connectionTokenTtlMs() {
      return tokenTtl.ms;
    },
    allowedOrigins: (env.TRADEDECK_HUB_ORIGINS ?? '')
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    publicUrl: options.config.publicUrl,
    log: app.log,
    now: options.now ?? Date.now,
    onConnectionClosed(connection) {
      for (const subscription of connection.subscriptions.values()) registry.remove(subscription);
      connection.subscriptions.clear();
    },
  });
  server.attach(app);

  const endedListeners: Array<(sessionIds: readonly string[] | null) => void> = [];
  const sessionsEnded = (sessionIds: readonly string[] | null) => {
    for (const heard of endedListeners) heard(sessionIds);
  };
  const listener = await listenForNotices({
    database: options.database,
    databaseUrl: options.config.databaseUrl,
    channels: {
      [EVENTS_CHANNEL]: (text) => registry.receive(text),
      [SESSIONS_ENDED_CHANNEL]: (text) => {
        const ended = parseEndedSessions(text);
        sessionsEnded(ended);
        server.endSessions(ended);
      },
    },
    log: app.log,
    onGap: () => {
      sessionsEnded(null);
      server.reconnectAll('Live events were interrupted.');
    },
  });
  const sweep = setInterval(() => {
    eventLog.sweep().catch((error: unknown) => app.log.warn({ err: error }, 'hub event sweep failed'));
  }, SWEEP_INTERVAL_MS);
  sweep.unref();

  const hubs: Hubs = {
    eventLog,
    server,
    registry,
    setAuthenticator(next) {
      authenticate = next;
    },
    guardSources(hub, guard) {
      guards.set(hub, guard);
    },
    tune(changes) {
      Object.assign(limits, changes.limits);
      Object.assign(retention, changes.retention);
      if (changes.connectionTokenTtlMs !== undefined) tokenTtl.ms = changes.connectionTokenTtlMs;
    },
    disconnectUser: (userId) => server.disconnectUser(userId),
    endSessions: (sessionIds) => server.endSessions(sessionIds),
    onSessionsEnded: (heard) => {
      endedListeners.push(heard);
    },
    drain: () => server.drain(),
  };
  app.decorate('hubs', hubs);
  app.addHook('preClose', async () => {
    await server.drain();
  });
  app.addHook('onClose', async () => {
    clearInterval(sweep);
    await listener.close();
  });
  return hubs;
}
