import { connect, Socket, type TcpNetConnectOpts } from 'node:net';
import { ProxyProtocol } from '@tradedeck/sdk/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CheckTarget,
  checkMany,
  type ProxyCheckOutcome,
  type ProxyToCheck,
  prepareCheckTarget,
} from '../../src/integrations/proxy-checker/index.ts';
import { startJudge } from './helpers/judges.ts';
import type { LoopbackServer } from './helpers/loopback-server.ts';
import { type Blackhole, startBlackhole, startSocks5 } from './helpers/proxy-servers.ts';

/** The error a connect gets when the process is out of descriptors (or local ports, or socket buffers). */
function localError(code: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`connect ${code}`), { code, syscall: 'connect' });
}

/**
 * Opens real connections except for the listed attempts, which fail the way an exhausted machine fails them:
 * asynchronously on the socket (as Node reports EMFILE) or thrown at once.
 */
function exhaustedMachine(failures: Map<number, { code: string; thrown: boolean }>) {
  let attempt = 0;
  return (options: TcpNetConnectOpts): Socket => {
    const failure = failures.get(attempt++);
    if (!failure) return connect(options);
    if (failure.thrown) throw localError(failure.code);
    const socket = new Socket();
    process.nextTick(() => socket.destroy(localError(failure.code)));
    return socket;
  };
}

describe('a batch judges proxies only by their own faults', () => {
  let judge: { url: string; close: () => Promise<void> };
  let target: CheckTarget;
  let live: LoopbackServer;
  let blackhole: Blackhole;

  beforeAll(async () => {
    judge = await startJudge();
    target = await prepareCheckTarget(judge.url);
    live = await startSocks5();
    blackhole = await startBlackhole();
  });
  afterAll(async () => {
    await Promise.all([judge.close(), live.close(), blackhole.close()]);
  });

  it('checks again the proxies whose connect failed for lack of local resources, and slows down', async () => {
    const codes = ['EMFILE', 'ENFILE', 'EADDRNOTAVAIL', 'ENOBUFS'];
    // The first 30 connects fail (the burst of a batch that asked for too much), then a few stragglers.
    const failures = new Map<number, { code: string; thrown: boolean }>();
    for (let i = 0; i < 30; i++) failures.set(i, { code: codes[i % codes.length]!, thrown: i % 5 === 0 });
    for (const i of [45, 61, 62]) failures.set(i, { code: 'EMFILE', thrown: false });
    const proxies: ProxyToCheck[] = Array.from({ length: 60 }, (_, i) => ({
      protocol: ProxyProtocol.Socks5,
      host: '127.0.0.1',
      port: i % 4 === 3 ? blackhole.port : live.port,
      credentials: null,
    }));
    const outcomes = new Map<number, ProxyCheckOutcome>();
    const summary = await checkMany(proxies, target, {
      allowPrivateAddresses: true,
      connectTimeoutMs: 600,
      totalTimeoutMs: 3000,
      concurrency: 40,
      connectSocket: exhaustedMachine(failures),
      onResult: (outcome, _proxy, index) => {
        expect(outcomes.has(index), `proxy ${index} reported twice`).toBe(false);
        outcomes.set(index, outcome);
      },
    });
    expect(outcomes.size).toBe(60);
    for (const [index, outcome] of outcomes) {
      expect(outcome.errorClass, `proxy ${index}: ${outcome.detail}`).toBe(
        index % 4 === 3 ? 'timeout' : null,
      );
      expect(outcome.localFault).toBe(false);
    }
    expect(summary.valid).toBe(45);
    expect(summary.rechecked).toBe(33);
    expect(summary.finalConcurrency).toBeLessThan(40);
  });

  it('reports a local failure as such when it persists past the attempts allowed', async () => {
    const failures = new Map<number, { code: string; thrown: boolean }>();
    for (let i = 0; i < 10; i++) failures.set(i, { code: 'EMFILE', thrown: false });
    const outcomes: ProxyCheckOutcome[] = [];
    const summary = await checkMany(
      [{ protocol: ProxyProtocol.Socks5, host: '127.0.0.1', port: live.port, credentials: null }],
      target,
      {
        allowPrivateAddresses: true,
        connectTimeoutMs: 600,
        totalTimeoutMs: 3000,
        concurrency: 1,
        maxLocalAttempts: 3,
        connectSocket: exhaustedMachine(failures),
        onResult: (outcome) => outcomes.push(outcome),
      },
    );
    expect(summary).toMatchObject({ checked: 1, valid: 0, rechecked: 2 });
    expect(outcomes).toHaveLength(1);
    expect(outcomes[0]).toMatchObject({ valid: false, localFault: true });
    expect(outcomes[0]!.detail).toContain('EMFILE');
  });

  it('a live proxy whose answer waited behind a stalled event loop is checked again, not judged dead', async () => {
    const proxies: ProxyToCheck[] = Array.from({ length: 8 }, () => ({
      protocol: ProxyProtocol.Socks5,
      host: '127.0.0.1',
      port: live.port,
      credentials: null,
    }));
    const outcomes: ProxyCheckOutcome[] = [];
    let stalled = false;
    const summary = await checkMany(proxies, target, {
      allowPrivateAddresses: true,
      connectTimeoutMs: 400,
      totalTimeoutMs: 400,
      concurrency: 8,
      connectSocket: (options) => {
        const socket = connect(options);
        if (!stalled) {
          stalled = true;
          // Other work holds the loop past every deadline while the checks are under way.
          socket.once('connect', () => {
            const until = Date.now() + 700;
            while (Date.now() < until) {}
          });
        }
        return socket;
      },
      onResult: (outcome) => outcomes.push(outcome),
    });
    expect(outcomes.map((outcome) => outcome.errorClass)).toEqual(Array(8).fill(null));
    expect(summary.valid).toBe(8);
    expect(summary.rechecked).toBeGreaterThan(0);
  });
});
