import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { ProxyProtocol, parseProxyLine } from '@tradedeck/sdk/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CheckProxyOptions,
  type CheckTarget,
  checkProxy,
  countryDatabase,
  type ProxyToCheck,
  prepareCheckTarget,
} from '../../src/integrations/proxy-checker/index.ts';
import { makeTestCertificate, startFixedSite, startJudge } from './helpers/judges.ts';
import type { LoopbackServer } from './helpers/loopback-server.ts';
import { listenLoopback } from './helpers/loopback-server.ts';
import {
  type Blackhole,
  refusedPort,
  startBlackhole,
  startHttpProxy,
  startSocks4,
  startSocks5,
  startStaller,
} from './helpers/proxy-servers.ts';

const AUTH = { username: 'trader', password: 'p@ss:w0rd' };
const WRONG = { username: 'trader', password: 'nope' };
// The test proxies listen on loopback: the checks opt in to private addresses explicitly.
const options: CheckProxyOptions = {
  connectTimeoutMs: 3000,
  totalTimeoutMs: 5000,
  allowPrivateAddresses: true,
};

let cleanups: Array<() => Promise<void>> = [];
let httpJudge: CheckTarget;
let httpsJudge: CheckTarget;
let httpsJudgeUntrusted: CheckTarget;
let httpProxy: LoopbackServer;
let httpsProxy: LoopbackServer;
let socks5: LoopbackServer;
let socks5Open: LoopbackServer;
let socks4: LoopbackServer;
let garbage: LoopbackServer;

function proxy(
  protocol: ProxyProtocol,
  port: number,
  credentials: ProxyToCheck['credentials'] = null,
): ProxyToCheck {
  return { protocol, host: '127.0.0.1', port, credentials };
}

async function timed<T>(work: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = performance.now();
  const result = await work();
  return { result, ms: performance.now() - started };
}

beforeAll(async () => {
  const certificate = await makeTestCertificate();
  const plainJudge = await startJudge();
  const tlsJudge = await startJudge(certificate);
  httpJudge = await prepareCheckTarget(plainJudge.url);
  httpsJudge = await prepareCheckTarget(tlsJudge.url, { ca: certificate.cert });
  httpsJudgeUntrusted = await prepareCheckTarget(tlsJudge.url);
  httpProxy = await startHttpProxy({ auth: AUTH });
  httpsProxy = await startHttpProxy({ auth: AUTH, tls: certificate });
  socks5 = await startSocks5({ auth: AUTH });
  socks5Open = await startSocks5();
  socks4 = await startSocks4({ userId: 'desk' });
  garbage = await listenLoopback((socket) => socket.end('nonsense\r\n'));
  cleanups = [
    plainJudge.close,
    tlsJudge.close,
    httpProxy.close,
    httpsProxy.close,
    socks5.close,
    socks5Open.close,
    socks4.close,
    garbage.close,
  ];
});

afterAll(async () => {
  await Promise.all(cleanups.map((close) => close()));
});

describe('live proxies on loopback come back valid with the exit IP', () => {
  const cases: Array<[string, () => ProxyToCheck]> = [
    ['HTTP with Basic auth', () => proxy(ProxyProtocol.Http, httpProxy.port, AUTH)],
    ['HTTPS (TLS to the proxy) with auth', () => proxy(ProxyProtocol.Https, httpsProxy.port, AUTH)],
    ['SOCKS5 with auth', () => proxy(ProxyProtocol.Socks5, socks5.port, AUTH)],
    [
      'SOCKS4 with a user id',
      () => proxy(ProxyProtocol.Socks4, socks4.port, { username: 'desk', password: '' }),
    ],
  ];
  for (const [label, make] of cases) {
    it(`${label}: through to the HTTP judge and to the HTTPS judge with a verified certificate`, async () => {
      for (const target of [httpJudge, httpsJudge]) {
        const outcome = await checkProxy(make(), target, options);
        expect(outcome, `${label} → ${target.url.href}`).toMatchObject({
          valid: true,
          exitIp: '127.0.0.1',
          errorClass: null,
          countryCode: null,
        });
        expect(outcome.latencyMs).toBeGreaterThanOrEqual(0);
      }
    });
  }

  it('SOCKS5 with the name resolved by the proxy (socks5h) and SOCKS4a with no local address', async () => {
    const socks5h = await checkProxy(proxy(ProxyProtocol.Socks5, socks5.port, AUTH), httpsJudge, {
      ...options,
      remoteDns: true,
    });
    expect(socks5h).toMatchObject({ valid: true, exitIp: '127.0.0.1' });
    const unresolved: CheckTarget = { ...httpJudge, address: null };
    const socks4a = await checkProxy(
      proxy(ProxyProtocol.Socks4, socks4.port, { username: 'desk', password: '' }),
      unresolved,
      options,
    );
    expect(socks4a).toMatchObject({ valid: true, exitIp: '127.0.0.1' });
  });

  it('a proxy on an IPv6 address, as read from a bracketed line', async () => {
    const v6 = await startSocks5({ auth: AUTH, host: '::1' });
    try {
      const line = parseProxyLine(`socks5://trader:p%40ss%3Aw0rd@[::1]:${v6.port}`);
      if (line.kind !== 'proxy') throw new Error('the line did not parse');
      const outcome = await checkProxy(line.proxy, httpJudge, options);
      expect(outcome).toMatchObject({ valid: true, exitIp: '127.0.0.1', errorClass: null });
    } finally {
      await v6.close();
    }
  });

  it('gives the country of the exit IP from the offline database', async () => {
    const site = await startFixedSite(200, JSON.stringify({ ip: '8.8.8.8' }));
    try {
      const target = await prepareCheckTarget(site.url);
      const outcome = await checkProxy(proxy(ProxyProtocol.Socks5, socks5.port, AUTH), target, {
        ...options,
        countryOf: countryDatabase().countryOf,
      });
      expect(outcome).toMatchObject({ valid: true, exitIp: '8.8.8.8', countryCode: 'US' });
    } finally {
      await site.close();
    }
  });
});

describe('failures are classified', () => {
  it('wrong or missing credentials give auth_failed on every protocol', async () => {
    const attempts: Array<[string, ProxyToCheck, CheckTarget]> = [
      ['HTTP CONNECT', proxy(ProxyProtocol.Http, httpProxy.port, WRONG), httpsJudge],
      ['HTTP forward', proxy(ProxyProtocol.Http, httpProxy.port, WRONG), httpJudge],
      ['HTTP without credentials', proxy(ProxyProtocol.Http, httpProxy.port), httpJudge],
      ['HTTPS proxy', proxy(ProxyProtocol.Https, httpsProxy.port, WRONG), httpsJudge],
      ['SOCKS5', proxy(ProxyProtocol.Socks5, socks5.port, WRONG), httpJudge],
      ['SOCKS5 without credentials', proxy(ProxyProtocol.Socks5, socks5.port), httpJudge],
      [
        'SOCKS4 user id',
        proxy(ProxyProtocol.Socks4, socks4.port, { username: 'other', password: '' }),
        httpJudge,
      ],
    ];
    for (const [label, candidate, target] of attempts) {
      const outcome = await checkProxy(candidate, target, options);
      expect(outcome, label).toMatchObject({
        valid: false,
        errorClass: 'auth_failed',
        exitIp: null,
        latencyMs: null,
      });
    }
  });

  it('a closed port is refused at once', async () => {
    const port = await refusedPort();
    const { result, ms } = await timed(() =>
      checkProxy(proxy(ProxyProtocol.Socks5, port), httpJudge, options),
    );
    expect(result).toMatchObject({ valid: false, errorClass: 'refused' });
    expect(ms).toBeLessThan(1000);
  });

  it('a closed port behind a host name is refused', async () => {
    const port = await refusedPort();
    const outcome = await checkProxy(
      { protocol: ProxyProtocol.Http, host: 'localhost', port, credentials: null },
      httpJudge,
      options,
    );
    expect(outcome).toMatchObject({ valid: false, errorClass: 'refused' });
  });

  it('an untrusted certificate on an https target is a TLS failure', async () => {
    const outcome = await checkProxy(
      proxy(ProxyProtocol.Socks5, socks5Open.port),
      httpsJudgeUntrusted,
      options,
    );
    expect(outcome).toMatchObject({ valid: false, errorClass: 'tls' });
  });

  it('TLS to something that does not speak TLS is a TLS failure', async () => {
    const outcome = await checkProxy(proxy(ProxyProtocol.Https, garbage.port), httpJudge, options);
    expect(outcome).toMatchObject({ valid: false, errorClass: 'tls' });
    expect(outcome.detail).toMatch(/^tls to proxy: .*added as HTTP\)$/);
  });

  it('answers that are not the protocol, or not success from the target, are bad responses', async () => {
    for (const protocol of [ProxyProtocol.Http, ProxyProtocol.Socks5, ProxyProtocol.Socks4]) {
      const outcome = await checkProxy(proxy(protocol, garbage.port), httpJudge, options);
      expect(outcome, `protocol ${protocol}`).toMatchObject({ valid: false, errorClass: 'bad_response' });
    }
    const site = await startFixedSite(429, 'slow down');
    try {
      const outcome = await checkProxy(
        proxy(ProxyProtocol.Socks5, socks5Open.port),
        await prepareCheckTarget(site.url),
        options,
      );
      expect(outcome).toMatchObject({
        valid: false,
        errorClass: 'bad_response',
        detail: 'request: the target answered 429',
      });
    } finally {
      await site.close();
    }
  });

  it('a proxy that cannot reach the target is a bad response, not a dead proxy', async () => {
    const port = await refusedPort();
    const target = await prepareCheckTarget(`http://127.0.0.1:${port}/`);
    const outcome = await checkProxy(proxy(ProxyProtocol.Socks5, socks5Open.port), target, options);
    expect(outcome).toMatchObject({ valid: false, errorClass: 'bad_response' });
  });

  it('a proxy host that does not resolve is a DNS failure', async () => {
    const outcome = await checkProxy(
      { protocol: ProxyProtocol.Http, host: 'no-such-proxy.invalid', port: 8080, credentials: null },
      httpJudge,
      { connectTimeoutMs: 15_000, totalTimeoutMs: 20_000, allowPrivateAddresses: true },
    );
    expect(outcome).toMatchObject({ valid: false, errorClass: 'dns' });
  }, 25_000);
});

// Each deadline is told by its words and by never firing early; a loaded machine fires timers late, so the upper
// bound only keeps them short of the next deadline or of twice their time.
describe('deadlines fire when due, each in its own words, and leave nothing behind', () => {
  let blackhole: Blackhole;
  let staller: LoopbackServer;
  let greeter: LoopbackServer;

  beforeAll(async () => {
    blackhole = await startBlackhole();
    staller = await startStaller();
    greeter = await startSocks5({ stallAfterGreeting: true });
  });
  afterAll(async () => {
    await Promise.all([blackhole.close(), staller.close(), greeter.close()]);
  });

  it('a blackholed proxy ends at the connect deadline', async () => {
    for (const protocol of [ProxyProtocol.Http, ProxyProtocol.Socks5]) {
      const { result, ms } = await timed(() =>
        checkProxy(proxy(protocol, blackhole.port), httpJudge, {
          allowPrivateAddresses: true,
          connectTimeoutMs: 1000,
          totalTimeoutMs: 4000,
        }),
      );
      expect(result).toMatchObject({ valid: false, errorClass: 'timeout' });
      // The connect deadline's, not the total one's: its own words, and well before the total deadline (a loaded
      // machine fires the timer late, not early).
      expect(result.detail).toContain('no connection within 1000 ms');
      expect(ms).toBeGreaterThanOrEqual(800);
      expect(ms).toBeLessThan(3000);
    }
  });

  it('a proxy that accepts and stays silent ends at the total deadline', async () => {
    const { result, ms } = await timed(() =>
      checkProxy(proxy(ProxyProtocol.Socks5, staller.port), httpJudge, {
        allowPrivateAddresses: true,
        connectTimeoutMs: 500,
        totalTimeoutMs: 1500,
      }),
    );
    expect(result).toMatchObject({ valid: false, errorClass: 'timeout' });
    expect(result.detail).toContain('no full answer within 1500 ms');
    expect(ms).toBeGreaterThanOrEqual(1200);
    expect(ms).toBeLessThan(3000);
  });

  it('a proxy that answers the handshake and then stalls ends at the total deadline', async () => {
    const { result, ms } = await timed(() =>
      checkProxy(proxy(ProxyProtocol.Socks5, greeter.port), httpsJudge, {
        allowPrivateAddresses: true,
        connectTimeoutMs: 500,
        totalTimeoutMs: 1500,
      }),
    );
    expect(result).toMatchObject({ valid: false, errorClass: 'timeout' });
    expect(result.detail).toContain('no full answer within 1500 ms');
    expect(ms).toBeGreaterThanOrEqual(1200);
    expect(ms).toBeLessThan(3000);
  });

  it('the stalled connection is closed on the proxy side and no timer is left running', async () => {
    const server = await startStaller();
    try {
      const timersBefore = countTimers();
      await checkProxy(proxy(ProxyProtocol.Socks5, server.port), httpJudge, {
        allowPrivateAddresses: true,
        connectTimeoutMs: 500,
        totalTimeoutMs: 800,
      });
      for (let i = 0; i < 50 && server.closedConnections() === 0; i++) await sleep(10);
      expect(server.accepted()).toBe(1);
      expect(server.closedConnections()).toBe(1);
      const fast = await checkProxy(proxy(ProxyProtocol.Socks5, socks5.port, AUTH), httpJudge, {
        allowPrivateAddresses: true,
        connectTimeoutMs: 60_000,
        totalTimeoutMs: 60_000,
      });
      expect(fast.valid).toBe(true);
      expect(countTimers()).toBeLessThanOrEqual(timersBefore);
    } finally {
      await server.close();
    }
  });
});

function countTimers(): number {
  return process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;
}
