import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { HttpStatus } from '@tradedeck/sdk/contract';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { WebSocketServer } from 'ws';
import { bearerToken, type HubAuthenticator } from './authenticator.ts';
import { type ConnectionTokens, newConnectionId } from './connection-token.ts';
import { RecentlyEndedSessions } from './ended-sessions.ts';
import { type ConnectionLimits, HubConnection } from './hub-connection.ts';
import type { HubDefinition } from './hub-definition.ts';
import { isAllowedOrigin } from './origin.ts';

export interface HubServerOptions {
  hubs: Map<string, HubDefinition<HubConnection>>;
  tokens: ConnectionTokens;
  authenticate: (token: string | null, workspace: string | null) => ReturnType<HubAuthenticator>;
  limits: ConnectionLimits;
  /** How long a negotiated connection token may wait for its WebSocket. */
  connectionTokenTtlMs: number;
  /** Origins allowed besides the server's own (browsers send Origin on the WebSocket upgrade). */
  allowedOrigins: string[];
  publicUrl: string | null;
  log: FastifyBaseLogger;
  /** The app's clock (`src/clock.ts`): keep-alive pings, client and handshake timeouts are measured on it. */
  now: () => number;
  /** Runs when a connection has ended (its subscriptions are dropped there). */
  onConnectionClosed(connection: HubConnection): void;
}

const HUB_PATH = /^\/tenant\/hubs\/([^/]+)\/?$/;

/** The Close error of a connection whose device session ended: the official client does not reconnect. */
export const SESSION_ENDED_ERROR = 'Unauthorized: the session has ended.';

export function tooManyConnectionsText(max: number): string {
  return `Too many live connections: at most ${max} per user on one server. Close other tabs or clients and try again.`;
}

/** Serves SignalR negotiate over Fastify and the hub WebSockets on the same HTTP server. */
export class HubServer {
  readonly connections = new Set<HubConnection>();
  readonly #wss: WebSocketServer;
  /** Connection ids already attached here: a second WebSocket for one negotiate is refused. */
  readonly #attached = new Map<string, number>();
  /** Open connections per user, for the per-user cap. */
  readonly #perUser = new Map<string, number>();
  readonly #endedSessions = new RecentlyEndedSessions();
  #heartbeat: NodeJS.Timeout | null = null;
  #draining = false;

  constructor(private readonly options: HubServerOptions) {
    this.#wss = new WebSocketServer({
      noServer: true,
      maxPayload: options.limits.maxMessageBytes,
      perMessageDeflate: false,
    });
  }

  attach(app: FastifyInstance): void {
    app.post('/tenant/hubs/:hub/negotiate', async (request, reply) => {
      const { hub } = request.params as { hub: string };
      const query = request.query as Record<string, string | undefined>;
      reply.header('cache-control', 'no-store');
      if (!this.options.hubs.has(hub))
        return reply.code(HttpStatus.NotFound).type('text/plain').send('Not Found');
      if (this.#draining)
        return reply.code(HttpStatus.ServiceUnavailable).type('text/plain').send('Server is shutting down');
      const version = negotiateVersion(query.negotiateVersion);
      if (typeof version === 'string') return { error: version };
      const user = await this.options.authenticate(
        // Negotiate takes the header only: a token in this URL would end up in access logs.
        bearerToken(request.headers.authorization, null),
        query.workspace ?? null,
      );
      if (!user) return reply.code(HttpStatus.Unauthorized).type('text/plain').send('Unauthorized');
      // The official client reports a negotiate `error` as it is, so the user learns why.
      if (this.#atCap(user.userId)) return { error: tooManyConnectionsText(this.#maxPerUser) };
      const connectionId = newConnectionId();
      const connectionToken = this.options.tokens.issue({
        connectionId,
        hub,
        userId: user.userId,
        expiresAt: Date.now() + this.options.connectionTokenTtlMs,
      });
      return {
        negotiateVersion: 1,
        connectionId,
        connectionToken,
        availableTransports: [{ transport: 'WebSockets', transferFormats: ['Text', 'Binary'] }],
      };
    });
    app.route({
      method: ['GET', 'PUT', 'DELETE', 'PATCH'],
      url: '/tenant/hubs/:hub/negotiate',
      handler: async (_request, reply) =>
        reply.code(HttpStatus.MethodNotAllowed).type('text/plain').send('Method Not Allowed'),
    });

    app.server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      this.#upgrade(request, socket, head).catch((error: unknown) => {
        this.options.log.error({ err: error }, 'hub upgrade failed');
        refuse(socket, HttpStatus.InternalServerError, 'Internal Server Error');
      });
    });

    this.#heartbeat = setInterval(() => this.#tick(), 1000);
    this.#heartbeat.unref();
  }

  async #upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://hub.invalid');
    const match = HUB_PATH.exec(url.pathname);
    const hub = match ? this.options.hubs.get(safeDecode(match[1]!)) : undefined;
    if (!hub) return refuse(socket, HttpStatus.NotFound, 'Not Found');
    if (this.#draining) return refuse(socket, HttpStatus.ServiceUnavailable, 'Service Unavailable');
    const origin = request.headers.origin;
    if (!isAllowedOrigin(origin, request.headers.host, this.options.publicUrl, this.options.allowedOrigins)) {
      return refuse(socket, HttpStatus.Forbidden, 'Forbidden');
    }
    const user = await this.options.authenticate(
      bearerToken(request.headers.authorization, url.searchParams.get('access_token')),
      url.searchParams.get('workspace'),
    );
    if (!user) return refuse(socket, HttpStatus.Unauthorized, 'Unauthorized');

    const id = url.searchParams.get('id');
    let connectionId: string;
    if (id === null) {
      // skipNegotiation: the connection is made on the spot.
      connectionId = newConnectionId();
    } else {
      const grant = this.options.tokens.verify(id);
      if (!grant || grant.hub !== hub.name)
        return refuse(socket, HttpStatus.NotFound, 'No Connection with that ID');
      // The token was issued to one user; another user's credentials cannot take it over.
      if (grant.userId !== user.userId) return refuse(socket, HttpStatus.Unauthorized, 'Unauthorized');
      if (this.#attached.has(grant.connectionId)) return refuse(socket, HttpStatus.Conflict, 'Conflict');
      this.#attached.set(grant.connectionId, grant.expiresAt);
      connectionId = grant.connectionId;
    }
    if (socket.destroyed) return;
    const sessionId = user.sessionId ?? null;
    // The session may have ended while its credentials were being checked: its notice has come and gone.
    if (sessionId !== null && this.#endedSessions.has(sessionId))
      return refuse(socket, HttpStatus.Unauthorized, 'Unauthorized');
    // From here to the connection's registration nothing waits, so concurrent upgrades cannot pass the cap.
    if (this.#atCap(user.userId))
      return refuse(socket, HttpStatus.TooManyRequests, tooManyConnectionsText(this.#maxPerUser));
    this.#wss.handleUpgrade(request, socket, head, (ws) => {
      const connection = new HubConnection(
        ws,
        {
          connectionId,
          userId: user.userId,
          sessionId,
          hub,
          authExpiresAt: user.expiresAt ?? null,
          ...(user.sees ? { sees: user.sees } : {}),
        },
        this.options.limits,
        this.options.log,
        this.options.now,
        (closed) => {
          if (this.connections.delete(closed)) this.#count(closed.userId, -1);
          this.options.onConnectionClosed(closed);
        },
      );
      if (this.#draining) {
        connection.close(undefined, true);
        return;
      }
      this.connections.add(connection);
      this.#count(connection.userId, 1);
    });
  }

  get #maxPerUser(): number {
    return this.options.limits.maxConnectionsPerUser;
  }

  #atCap(userId: string): boolean {
    return (this.#perUser.get(userId) ?? 0) >= this.#maxPerUser;
  }

  #count(userId: string, delta: number): void {
    const next = (this.#perUser.get(userId) ?? 0) + delta;
    if (next > 0) this.#perUser.set(userId, next);
    else this.#perUser.delete(userId);
  }

  #tick(): void {
    const now = this.options.now();
    for (const connection of this.connections) connection.tick(now);
    for (const [id, expiresAt] of this.#attached) if (expiresAt < now) this.#attached.delete(id);
    this.#endedSessions.prune(now);
  }

  /**
   * Ends, without reconnect, the connections of device sessions that have ended (logout, revoke, password
   * change, ban), and refuses them for a while in case their credentials were checked just before.
   */
  endSessions(sessionIds: readonly string[]): void {
    if (sessionIds.length === 0) return;
    this.#endedSessions.add(sessionIds);
    const ended = new Set(sessionIds);
    for (const connection of this.connections) {
      if (connection.sessionId !== null && ended.has(connection.sessionId)) {
        connection.close(SESSION_ENDED_ERROR);
      }
    }
  }

  /**
   * Ends every connection of a user without reconnect (banned: every session of the user has ended). The reason is
   * the one the session-end notice gives, so a client reads the same whichever of the two reaches it first.
   */
  disconnectUser(userId: string, reason = SESSION_ENDED_ERROR): void {
    for (const connection of this.connections) if (connection.userId === userId) connection.close(reason);
  }

  /** Asks every client to reconnect, e.g. after the event stream may have missed notices. */
  reconnectAll(reason: string): void {
    for (const connection of this.connections) connection.close(reason, true);
  }

  /**
   * Shutdown: refuse new connections, send Close with allowReconnect (clients reconnect to another process), and
   * wait up to `graceMs` for the sockets to close.
   */
  async drain(graceMs = 3000): Promise<void> {
    this.#draining = true;
    if (this.#heartbeat) clearInterval(this.#heartbeat);
    for (const connection of this.connections) connection.close('Server is restarting.', true);
    const deadline = Date.now() + graceMs;
    while (this.connections.size > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    for (const client of this.#wss.clients) client.terminate();
    this.#wss.close();
  }
}

/** Negotiate version rules of ASP.NET Core: a number at least 1 (answered with 1), else an error text. */
function negotiateVersion(raw: string | undefined): number | string {
  if (raw === undefined || raw === '') {
    return "The client requested version '0', but the server does not support this version.";
  }
  const version = Number(raw);
  if (!Number.isInteger(version)) return 'The client requested a non-integer protocol version.';
  if (version < 1) {
    return `The client requested version '${raw}', but the server does not support this version.`;
  }
  return 1;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

const STATUS_TEXT: Record<number, string> = {
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

function refuse(socket: Duplex, status: number, body: string): void {
  if (socket.destroyed) return;
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_TEXT[status] ?? 'Error'}\r\nConnection: close\r\n` +
      `Content-Type: text/plain\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}
