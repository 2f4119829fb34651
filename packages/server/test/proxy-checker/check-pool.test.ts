import { closeSync, openSync } from 'node:fs';
import { type AddressInfo, connect, createServer, Socket, type TcpNetConnectOpts } from 'node:net';
import { ProxyProtocol } from '@tradedeck/sdk/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CheckTarget,
  checkConcurrency,
  checkMany,
  createLookupCache,
  FD_MARGIN,
  FD_RESERVE,
  fileDescriptorLimit,
  openDescriptors,
  type ProxyCheckOutcome,
  type ProxyToCheck,
  prepareCheckTarget,
  reserveCheckSlots,
} from '../../src/integrations/proxy-checker/index.ts';
import { startJudge } from './helpers/judges.ts';
import type { LoopbackServer } from './helpers/loopback-server.ts';
import { type Blackhole, refusedPort, startBlackhole, startSocks5 } from './helpers/proxy-servers.ts';

const LIMITS = `Limit                     Soft Limit           Hard Limit           Units
Max cpu time              unlimited            unlimited            seconds
Max open files            4096                 524288               files
Max locked memory         8388608              8388608              bytes
`;

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

describe('concurrency follows the file-descriptor limit', () => {
  it('reads the soft limit from /proc/self/limits text', () => {
    expect(fileDescriptorLimit(LIMITS)).toBe(4096);
    expect(fileDescriptorLimit('Max open files  unlimited  unlimited  files')).toBe(Number.MAX_SAFE_INTEGER);
    expect(fileDescriptorLimit('nothing useful')).toBeNull();
  });

  it('reads this process limit where /proc exists', () => {
    const limit = fileDescriptorLimit();
    if (process.platform === 'linux') expect(limit).toBeGreaterThan(0);
  });

  it('caps the requested concurrency at the descriptors free, less a reserve for the server', () => {
    expect(checkConcurrency(5000, 1024, 100)).toBe(1024 - 100 - FD_RESERVE);
    expect(checkConcurrency(300, 20_000, 100)).toBe(300);
    expect(checkConcurrency(undefined, 20_000, 100)).toBe(1000);
    expect(checkConcurrency(undefined, null, 100)).toBeLessThanOrEqual(1024 - 100 - FD_RESERVE);
    expect(checkConcurrency(50, 100, 10)).toBe(1);
    // An idle server under `ulimit -n 400` already holds about 150 (mostly the embedded database's files).
    expect(checkConcurrency(1000, 400, 148)).toBe(400 - 148 - FD_RESERVE);
  });

  it('falls back to a fixed margin where the open descriptors cannot be counted', () => {
    expect(checkConcurrency(5000, 1024, null)).toBe(1024 - FD_MARGIN);
  });

  it('counts this process descriptors where /proc exists, and they move with what it opens', () => {
    if (process.platform !== 'linux') return;
    const before = openDescriptors()!;
    const files = Array.from({ length: 10 }, () => openSync('/dev/null', 'r'));
    expect(before).toBeGreaterThan(3);
    expect(openDescriptors()!).toBeGreaterThanOrEqual(before + 10);
    for (const fd of files) closeSync(fd);
  });

  it('batches at once share the free descriptors and never take the server reserve', () => {
    const first = reserveCheckSlots(1000, 600, 100);
    const second = reserveCheckSlots(1000, 600, 100);
    expect(first.size).toBe(600 - 100 - FD_RESERVE);
    expect(second.size).toBe(1);
    first.release();
    const third = reserveCheckSlots(1000, 600, 100);
    expect(third.size).toBe(600 - 100 - FD_RESERVE - 1);
    second.release();
    third.release();
  });
});

describe('checks through the judge of this process', () => {
  it('count two descriptors each: the socket to the proxy and the judge side of the tunnel', () => {
    expect(checkConcurrency(1000, 400, 148, 2)).toBe(Math.floor((400 - 148 - FD_RESERVE) / 2));
    const first = reserveCheckSlots(1000, 600, 100, 2);
    expect(first.size).toBe(Math.floor((600 - 100 - FD_RESERVE) / 2));
    // The first batch's slots hold twice their number of descriptors: nothing is left for a second batch.
    const second = reserveCheckSlots(1000, 600, 100, 2);
    expect(second.size).toBe(1);
    first.release();
    second.release();
  });
});

describe('checkMany', () => {
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

  it('reports every proxy exactly once, classified', async () => {
    const refused = await refusedPort();
    const proxies: ProxyToCheck[] = Array.from({ length: 120 }, (_, i) => ({
      protocol: ProxyProtocol.Socks5,
      host: '127.0.0.1',
      port: i % 3 === 0 ? live.port : i % 3 === 1 ? refused : blackhole.port,
      credentials: null,
    }));
    const seen = new Map<number, ProxyCheckOutcome>();
    const summary = await checkMany(proxies, target, {
      allowPrivateAddresses: true,
      connectTimeoutMs: 700,
      totalTimeoutMs: 2000,
      concurrency: 40,
      onResult: (outcome, _proxy, index) => {
        expect(seen.has(index)).toBe(false);
        seen.set(index, outcome);
      },
    });
    // How many were checked again (and the concurrency after slowing down) depends on how busy the machine is.
    expect(summary).toMatchObject({ checked: 120, valid: 40, stopped: false });
    expect(seen.size).toBe(120);
    for (const [index, outcome] of seen) {
      const expected = index % 3 === 0 ? null : index % 3 === 1 ? 'refused' : 'timeout';
      expect(outcome.errorClass, `proxy ${index}`).toBe(expected);
    }
  });

  it('keeps no more than the cap in flight: 80 blackholed proxies at 40 take two rounds of deadlines', async () => {
    const proxies: ProxyToCheck[] = Array.from({ length: 80 }, () => ({
      protocol: ProxyProtocol.Http,
      host: '127.0.0.1',
      port: blackhole.port,
      credentials: null,
    }));
    const started = performance.now();
    const summary = await checkMany(proxies, target, {
      allowPrivateAddresses: true,
      connectTimeoutMs: 500,
      totalTimeoutMs: 2000,
      concurrency: 40,
    });
    const elapsed = performance.now() - started;
    expect(summary.checked).toBe(80);
    expect(elapsed).toBeGreaterThanOrEqual(2 * 500 * 0.95);
    expect(elapsed).toBeLessThan(3 * 500);
  });

  it('slows down while the process runs short of descriptors, keeping the server its reserve', async () => {
    if (openDescriptors() === null) return;
    const base = openDescriptors()!;
    // Room for 100 checks besides the reserve; then the server opens 150 files of its own while the batch runs.
    const fdLimit = base + FD_RESERVE + 200;
    const proxies: ProxyToCheck[] = Array.from({ length: 500 }, () => ({
      protocol: ProxyProtocol.Http,
      host: '127.0.0.1',
      port: blackhole.port,
      credentials: null,
    }));
    const files: number[] = [];
    const peaks: number[] = [];
    let settled = false;
    const sampler = setInterval(() => {
      if (settled) peaks.push(openDescriptors()!);
    }, 20);
    const opening = new Promise<void>((resolve) =>
      setTimeout(() => {
        for (let i = 0; i < 150; i++) files.push(openSync('/dev/null', 'r'));
        // Checks in flight when the files opened end by their 500 ms deadline; from then on the batch keeps below.
        setTimeout(() => {
          settled = true;
          resolve();
        }, 800);
      }, 150),
    );
    try {
      const summary = await checkMany(proxies, target, {
        allowPrivateAddresses: true,
        connectTimeoutMs: 500,
        totalTimeoutMs: 2000,
        concurrency: 100,
        fdLimit,
      });
      await opening;
      expect(summary.concurrency).toBe(100);
      expect(summary.checked).toBe(500);
      expect(summary.lowestConcurrency).toBeLessThan(100);
      expect(peaks.length).toBeGreaterThan(0);
      // Never fewer free than the reserve, but for the checks a 100 ms count may let start.
      expect(Math.max(...peaks)).toBeLessThanOrEqual(fdLimit - FD_RESERVE + 10);
    } finally {
      clearInterval(sampler);
      for (const fd of files) closeSync(fd);
    }
  }, 60_000);

  it('resolves a host name shared by many proxies once per batch', async () => {
    const cache = createLookupCache();
    const proxies: ProxyToCheck[] = Array.from({ length: 30 }, () => ({
      protocol: ProxyProtocol.Socks5,
      host: 'localhost',
      port: live.port,
      credentials: null,
    }));
    const outcomes: ProxyCheckOutcome[] = [];
    await checkMany(proxies, target, {
      allowPrivateAddresses: true,
      connectTimeoutMs: 2000,
      totalTimeoutMs: 4000,
      concurrency: 10,
      lookup: cache.lookup,
      onResult: (outcome) => outcomes.push(outcome),
    });
    expect(outcomes.map((outcome) => outcome.errorClass)).toEqual(Array(30).fill(null));
    expect(cache.size()).toBe(1);
  });

  it('stops and rethrows when the result callback throws', async () => {
    const proxies: ProxyToCheck[] = Array.from({ length: 40 }, () => ({
      protocol: ProxyProtocol.Socks5,
      host: '127.0.0.1',
      port: live.port,
      credentials: null,
    }));
    let calls = 0;
    await expect(
      checkMany(proxies, target, {
        allowPrivateAddresses: true,
        connectTimeoutMs: 1000,
        totalTimeoutMs: 2000,
        concurrency: 4,
        onResult: () => {
          calls++;
          if (calls === 3) throw new Error('storage is down');
        },
      }),
    ).rejects.toThrow('storage is down');
    expect(calls).toBeLessThan(40);
  });

  it('stops taking proxies when aborted and keeps the results so far', async () => {
    const controller = new AbortController();
    const proxies: ProxyToCheck[] = Array.from({ length: 50 }, () => ({
      protocol: ProxyProtocol.Socks5,
      host: '127.0.0.1',
      port: live.port,
      credentials: null,
    }));
    let results = 0;
    const summary = await checkMany(proxies, target, {
      allowPrivateAddresses: true,
      connectTimeoutMs: 1000,
      totalTimeoutMs: 2000,
      concurrency: 2,
      onResult: () => {
        results++;
        if (results === 10) controller.abort();
      },
      signal: controller.signal,
    });
    expect(summary.stopped).toBe(true);
    expect(summary.checked).toBe(results);
    expect(results).toBeGreaterThanOrEqual(10);
    expect(results).toBeLessThan(50);
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
    expect(summary.slowdowns).toBeGreaterThan(0);
    expect(summary.lowestConcurrency).toBeLessThan(40);
  });

  it('checks again, not judged dead, a proxy whose connection the judge of this process could not accept', async () => {
    // What libuv does when accept() meets EMFILE: the pending connection is taken and closed at once, and the
    // listening server reports the failed accept. The first connections are dropped so; the rest reach the judge.
    const judgePort = Number(new URL(judge.url).port);
    let dropped = 0;
    const front = createServer((socket) => {
      if (dropped < 6) {
        dropped += 1;
        socket.destroy();
        return;
      }
      const upstream = connect(judgePort, '127.0.0.1');
      socket.pipe(upstream).pipe(socket);
      upstream.on('error', () => socket.destroy());
      socket.on('error', () => upstream.destroy());
    });
    await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
    const url = new URL(judge.url);
    url.port = String((front.address() as AddressInfo).port);
    const inProcess = {
      ...(await prepareCheckTarget(url.href)),
      inProcess: { acceptFailures: () => dropped },
    };
    const outcomes = new Map<number, ProxyCheckOutcome>();
    try {
      const summary = await checkMany(
        Array.from({ length: 12 }, () => ({
          protocol: ProxyProtocol.Socks5,
          host: '127.0.0.1',
          port: live.port,
          credentials: null,
        })),
        inProcess,
        {
          allowPrivateAddresses: true,
          connectTimeoutMs: 1000,
          totalTimeoutMs: 5000,
          concurrency: 4,
          onResult: (outcome, _proxy, index) => outcomes.set(index, outcome),
        },
      );
      expect(dropped).toBe(6);
      expect(
        [...outcomes.values()].filter((outcome) => !outcome.valid).map((outcome) => outcome.detail),
      ).toEqual([]);
      expect(summary).toMatchObject({ checked: 12, valid: 12 });
      expect(summary.rechecked).toBeGreaterThan(0);
    } finally {
      await new Promise((resolve) => front.close(resolve));
    }
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
