import { randomBytes } from 'node:crypto';
import {
  connect as connectTcp,
  isIP,
  type LookupFunction,
  type Socket,
  type TcpNetConnectOpts,
} from 'node:net';
import { performance } from 'node:perf_hooks';
import { type ConnectionOptions, connect as connectTls, TLSSocket } from 'node:tls';
import { type ProxyCheckResult, type ProxyDraft, ProxyProtocol } from '@tradedeck/sdk/domain';
import { isPrivateAddress, privateAddressFailure, publicOnlyLookup } from './address-policy.ts';
import type { CheckTarget } from './check-target.ts';
import { type DeadlineOwner, deadlineQueue } from './deadline-queue.ts';
import { readEcho } from './echo-answer.ts';
import { CheckFailure, classifySocketError } from './errors.ts';
import { DEFAULT_OVERLOAD_LAG_MS, type EventLoopWatch, loopExplainsTimeout } from './event-loop-watch.ts';
import {
  basicProxyAuthorization,
  httpConnect,
  socks4Connect,
  socks5Connect,
  type TunnelDestination,
} from './handshakes.ts';
import { readHttpResponse } from './http-response.ts';
import { SocketReader } from './socket-reader.ts';

export type ProxyToCheck = Pick<ProxyDraft, 'protocol' | 'host' | 'port' | 'credentials'>;

export interface CheckProxyOptions {
  /** Bound on the TCP connect to the proxy: a blackholed proxy costs exactly this. */
  connectTimeoutMs: number;
  /** Bound on the whole check: connect, handshakes, TLS, request and the full answer. */
  totalTimeoutMs: number;
  /** Body bytes kept from the target's answer (enough for a judge; Steam's page is cut). */
  maxBodyBytes?: number;
  /** SOCKS: let the proxy resolve the target name even when it resolved locally (socks5h/socks4a). */
  remoteDns?: boolean;
  /** Resolver for proxy host names (a batch shares one cache); the system resolver when absent. */
  lookup?: LookupFunction;
  /** Country of an IP from the offline database; null when unknown. */
  countryOf?: (ip: string) => string | null;
  /**
   * Connect to proxies on loopback and private addresses (the server's own network). Off unless an administrator
   * allows it (TRADEDECK_ALLOW_PRIVATE_PROXIES, on in sandbox mode): such a proxy ends as `private_address`.
   */
  allowPrivateAddresses?: boolean;
  /** Opens the TCP connection to the proxy (a test can make it fail the way an exhausted machine does). */
  connectSocket?: (options: TcpNetConnectOpts) => Socket;
  /** The batch's watch on the event loop: a timeout the loop's own hold-ups explain is this server's fault. */
  loopWatch?: EventLoopWatch;
  /**
   * Loop hold-up during a check below which its timeout is the proxy's in any case (the bar is a quarter of the
   * deadline when that is higher).
   */
  overloadLagMs?: number;
}

/** A check result plus a short reason for logs. `latencyMs` is the time of a successful check, null otherwise. */
export interface ProxyCheckOutcome extends ProxyCheckResult {
  detail: string | null;
  /**
   * The check failed for this server's own reason (no descriptor or local port, a stalled event loop), so it says
   * nothing about the proxy; a batch checks such a proxy again.
   */
  localFault: boolean;
}

export const DEFAULT_CONNECT_TIMEOUT_MS = 5000;
export const DEFAULT_TOTAL_TIMEOUT_MS = 10_000;
const DEFAULT_MAX_BODY_BYTES = 64 * 1024;
const USER_AGENT = 'Mozilla/5.0 (compatible; TradedeckProxyCheck/1.0)';
const noop = () => {};

/**
 * Checks one proxy end to end: connect (own deadline), protocol handshake, a GET to the target through the
 * tunnel (TLS with certificate checks for https targets) and the full answer, all under the total deadline.
 * When a deadline fires the sockets are destroyed at once and the check ends as `timeout`. Never throws.
 */
export async function checkProxy(
  proxy: ProxyToCheck,
  target: CheckTarget,
  options: CheckProxyOptions,
): Promise<ProxyCheckOutcome> {
  const started = performance.now();
  const sockets: Socket[] = [];
  let connected = false;
  // Whether the proxy's host name is resolved (an IP needs no lookup); a lookup still pending is a local delay.
  let resolved = isIP(proxy.host) !== 0;
  let settled = false;
  // The step under way, named in the detail of a failure so a user can tell where a proxy broke.
  let stage: 'connect' | 'tls to proxy' | 'handshake' | 'tls to target' | 'request' = 'connect';
  let failure: CheckFailure | null = null;
  let abort: (reason: CheckFailure) => void = noop;
  const aborted = new Promise<never>((_, reject) => {
    abort = reject;
  });

  const fail = (reason: CheckFailure) => {
    if (failure) return;
    failure = reason;
    for (const socket of sockets) closeHard(socket, connected);
    abort(reason);
  };
  const judgeFailuresAtStart = target.inProcess?.acceptFailures() ?? 0;
  const lagLimit = options.overloadLagMs ?? DEFAULT_OVERLOAD_LAG_MS;
  const lagAtStart = options.loopWatch?.lagMs() ?? 0;
  const connectQueue = deadlineQueue(options.connectTimeoutMs);
  const totalQueue = deadlineQueue(options.totalTimeoutMs);
  const deadlines: DeadlineOwner = {
    expire(deadline, lateMs) {
      if (settled) return;
      if (deadline === connectDeadline) {
        const text = resolved
          ? `no connection within ${options.connectTimeoutMs} ms`
          : `the host name was not resolved within ${options.connectTimeoutMs} ms`;
        fail(new CheckFailure('timeout', text, !resolved));
        return;
      }
      // The proxy had the whole deadline unless the loop lost a large share of it: a short stall somewhere in a
      // slow proxy's ten seconds is not why it timed out, and checking it again would only slow the batch down.
      const lost = Math.max(lateMs, options.loopWatch ? options.loopWatch.lagMs() - lagAtStart : 0);
      const stalled = loopExplainsTimeout(lost, options.totalTimeoutMs, lagLimit);
      const text = stalled
        ? `no full answer within ${options.totalTimeoutMs} ms while this server was overloaded`
        : `no full answer within ${options.totalTimeoutMs} ms`;
      fail(new CheckFailure('timeout', text, stalled && connected));
    },
  };
  const connectDeadline = connectQueue.add(deadlines);
  const totalDeadline = totalQueue.add(deadlines);

  const run = async (): Promise<ProxyCheckOutcome> => {
    const allowPrivate = options.allowPrivateAddresses === true;
    if (!allowPrivate && isPrivateAddress(proxy.host)) throw privateAddressFailure(proxy.host);
    const lookup = allowPrivate ? options.lookup : publicOnlyLookup(options.lookup);
    const raw = (options.connectSocket ?? connectTcp)({
      host: proxy.host,
      port: proxy.port,
      ...(lookup && !resolved ? { lookup } : {}),
    });
    raw.on('error', noop);
    sockets.push(raw);
    if (!resolved) raw.once('lookup', () => (resolved = true));
    await new Promise<void>((resolve, reject) => {
      raw.once('connect', () => {
        connected = true;
        resolve();
      });
      raw.once('error', reject);
    });
    connectQueue.cancel(connectDeadline);
    // Plain handshakes write one message per round trip, which Nagle's algorithm never holds back; a TLS
    // handshake writes its last flight and then the request, which it could hold for the peer's delayed ACK.
    // So only TLS pays the extra system call.
    if (proxy.protocol === ProxyProtocol.Https || target.secure) raw.setNoDelay(true);

    let channel: Socket = raw;
    if (proxy.protocol === ProxyProtocol.Https) {
      // TLS to the proxy hides the hop; proxies rarely hold a public certificate, so it is not verified. The
      // target's own certificate (https targets) is what proves the answer is genuine.
      stage = 'tls to proxy';
      channel = await startTls(raw, sockets, { servername: sniName(proxy.host), rejectUnauthorized: false });
    }

    const httpProxy = proxy.protocol === ProxyProtocol.Http || proxy.protocol === ProxyProtocol.Https;
    const forward = httpProxy && !target.secure;
    const reader = new SocketReader(channel);
    // The target is the tunnel's destination: the handshakes' requests are encoded once per target.
    const destination: TunnelDestination = target;
    stage = 'handshake';
    if (!forward) {
      if (httpProxy) await httpConnect(channel, reader, destination, proxy.credentials);
      else if (proxy.protocol === ProxyProtocol.Socks4) {
        await socks4Connect(channel, reader, destination, proxy.credentials?.username ?? '');
      } else await socks5Connect(channel, reader, destination, proxy.credentials, options.remoteDns === true);
    }

    let stream: Socket = channel;
    let streamReader = reader;
    if (target.secure) {
      stage = 'tls to target';
      reader.detach();
      stream = await startTls(channel, sockets, {
        // `host` is what the certificate is checked against when the target is an IP (no SNI for IPs).
        host: target.host,
        servername: sniName(target.host),
        ca: target.ca,
        rejectUnauthorized: true,
        ALPNProtocols: ['http/1.1'],
      });
      streamReader = new SocketReader(stream);
    }

    stage = 'request';
    const marker = target.isJudge ? randomBytes(12).toString('hex') : null;
    const path = marker ? withQuery(target.path, 'marker', marker) : target.path;
    const requestTarget = forward ? `${target.url.protocol}//${target.hostHeader}${path}` : path;
    stream.write(
      `GET ${requestTarget} HTTP/1.1\r\nHost: ${target.hostHeader}\r\n` +
        (forward ? basicProxyAuthorization(proxy.credentials) : '') +
        `User-Agent: ${USER_AGENT}\r\nAccept: */*\r\nAccept-Encoding: identity\r\nConnection: close\r\n\r\n`,
    );
    const response = await readHttpResponse(streamReader, options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES);
    if (forward && response.status === 407) {
      throw new CheckFailure('auth_failed', 'the proxy refused the credentials (407)');
    }
    const redirectOk = target.secure && response.status >= 300 && response.status < 400;
    if (!(response.status >= 200 && response.status < 300) && !redirectOk) {
      throw new CheckFailure('bad_response', `the target answered ${response.status}`);
    }
    const echoed = readEcho(response.body);
    if (marker !== null && echoed.marker !== marker) {
      throw new CheckFailure('bad_response', 'the answer did not come from the judge');
    }
    const latencyMs = Math.round(performance.now() - started);
    const exitIp = echoed.ip;
    return {
      valid: true,
      latencyMs,
      exitIp,
      countryCode: countryFor(exitIp, proxy.host, options.countryOf),
      errorClass: null,
      detail: null,
      localFault: false,
    };
  };

  try {
    return await Promise.race([
      run().then((outcome) => {
        settled = true;
        return outcome;
      }),
      aborted,
    ]);
  } catch (error) {
    const found = failure ?? withStage(classifySocketError(error, connected, true), stage);
    // Our own judge dropped a connection meanwhile for lack of descriptors: maybe this one, so not the proxy's.
    const judgeDropped = (target.inProcess?.acceptFailures() ?? 0) > judgeFailuresAtStart;
    const reason =
      judgeDropped && !found.local
        ? new CheckFailure(
            found.errorClass,
            `${found.message} (the built-in judge was out of descriptors)`,
            true,
          )
        : found;
    fail(reason);
    return {
      valid: false,
      latencyMs: null,
      exitIp: null,
      countryCode: null,
      errorClass: reason.errorClass,
      detail: reason.message,
      localFault: reason.local,
    };
  } finally {
    connectQueue.cancel(connectDeadline);
    totalQueue.cancel(totalDeadline);
    for (const socket of sockets) socket.destroy();
  }
}

function withStage(reason: CheckFailure, stage: string): CheckFailure {
  const hint =
    stage === 'tls to proxy' && reason.errorClass === 'tls'
      ? ' (the proxy does not speak TLS: a plain HTTP proxy that tunnels https is added as HTTP)'
      : '';
  return new CheckFailure(reason.errorClass, `${stage}: ${reason.message}${hint}`, reason.local);
}

/** A failed or timed-out connection ends with RST (no TIME_WAIT); one still connecting is simply dropped. */
function closeHard(socket: Socket, connected: boolean): void {
  if (connected && !(socket instanceof TLSSocket) && !socket.destroyed) {
    try {
      socket.resetAndDestroy();
      return;
    } catch {
      // Falls through to a plain destroy.
    }
  }
  socket.destroy();
}

function startTls(socket: Socket, sockets: Socket[], options: ConnectionOptions): Promise<TLSSocket> {
  return new Promise<TLSSocket>((resolve, reject) => {
    const secure = connectTls({ ...options, socket });
    secure.on('error', noop);
    sockets.push(secure);
    secure.once('secureConnect', () => resolve(secure));
    secure.once('error', reject);
  });
}

function sniName(host: string): string | undefined {
  return isIP(host) ? undefined : host;
}

function withQuery(path: string, key: string, value: string): string {
  return `${path}${path.includes('?') ? '&' : '?'}${key}=${value}`;
}

/** Country of the exit IP; when the target does not echo one, of the proxy's own address if it is an IP. */
function countryFor(
  exitIp: string | null,
  entryHost: string,
  countryOf: ((ip: string) => string | null) | undefined,
): string | null {
  if (!countryOf) return null;
  const ip = exitIp ?? (isIP(entryHost) ? entryHost : null);
  return ip ? countryOf(ip) : null;
}
