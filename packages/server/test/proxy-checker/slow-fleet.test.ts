/**
 * A fleet of slow proxies (they hang up after 0.8 to 1.4 of the deadline, as real dead-ish proxies do) while the
 * server's event loop is busy now and then: each timeout is the proxy's, and the batch keeps its pace. Only a loop
 * hold-up that ate a large share of a check's deadline makes the timeout the server's; the batch then slows down,
 * checks those proxies again, and comes back to its full pace once the hold-ups stop.
 */
import { connect } from 'node:net';
import { ProxyProtocol } from '@tradedeck/sdk/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventLoopWatch } from '../../src/integrations/proxy-checker/event-loop-watch.ts';
import {
  type CheckTarget,
  checkMany,
  type ProxyCheckOutcome,
  type ProxyToCheck,
  prepareCheckTarget,
} from '../../src/integrations/proxy-checker/index.ts';
import { startJudge } from './helpers/judges.ts';
import type { LoopbackServer } from './helpers/loopback-server.ts';
import { startSlowProxy, startSocks5 } from './helpers/proxy-servers.ts';

const DEADLINE_MS = 2000;

/** Holds the event loop for `ms` (other work of the server: a big JSON body, a storage flush). */
function holdLoop(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {}
}

/**
 * Hold-ups of the loop the test makes, and a batch watch that counts them alone: on a machine loaded by other
 * processes the real watch also counts the time this one waited for a core, which the batch rightly puts down to
 * this server, slowing down for it (event-loop-watch.unit.test.ts runs the real watch).
 */
function testHoldUps(): { hold(ms: number): void; watch: EventLoopWatch } {
  let lost = 0;
  let worst = 0;
  return {
    hold(ms) {
      holdLoop(ms);
      lost += ms;
      worst = Math.max(worst, ms);
    },
    watch: { lagMs: () => lost, worstLagMs: () => worst, stop: () => {} },
  };
}

let judge: { url: string; close: () => Promise<void> };
let target: CheckTarget;
let slow: LoopbackServer;
let delayed: LoopbackServer;

beforeAll(async () => {
  judge = await startJudge();
  target = await prepareCheckTarget(judge.url);
  // Hang-ups spread evenly from 0.8 to 1.4 deadlines: a third before the deadline, two thirds after it.
  slow = await startSlowProxy((n) => DEADLINE_MS * (0.8 + ((n * 7) % 60) / 100));
  delayed = await startSocks5({ greetingDelayMs: 150 });
});
afterAll(async () => {
  await Promise.all([judge.close(), slow.close(), delayed.close()]);
});

describe('a slow proxy fleet', () => {
  it('judges every slow proxy once, as its own fault, and never halves the pace for them', async () => {
    const proxies: ProxyToCheck[] = Array.from({ length: 300 }, () => ({
      protocol: ProxyProtocol.Socks5,
      host: '127.0.0.1',
      port: slow.port,
      credentials: null,
    }));
    // Short hold-ups of the loop (longer than the old 200 ms bar, far below a quarter of the deadline), spaced so
    // that each check's deadline sees at most one of them.
    const holdUps = testHoldUps();
    const busy = setInterval(() => holdUps.hold(230), 2500);
    const outcomes = new Map<number, ProxyCheckOutcome>();
    try {
      const summary = await checkMany(proxies, target, {
        allowPrivateAddresses: true,
        connectTimeoutMs: 1000,
        totalTimeoutMs: DEADLINE_MS,
        concurrency: 100,
        loopWatch: holdUps.watch,
        onResult: (outcome, _proxy, index) => {
          expect(outcomes.has(index), `proxy ${index} reported twice`).toBe(false);
          outcomes.set(index, outcome);
        },
      });
      expect(summary).toMatchObject({
        checked: 300,
        valid: 0,
        concurrency: 100,
        slowdowns: 0,
        lowestConcurrency: 100,
        finalConcurrency: 100,
        rechecked: 0,
      });
    } finally {
      clearInterval(busy);
    }
    expect(outcomes.size).toBe(300);
    const classes = new Map<string, number>();
    for (const outcome of outcomes.values()) {
      expect(outcome.localFault, outcome.detail ?? '').toBe(false);
      classes.set(outcome.errorClass ?? 'valid', (classes.get(outcome.errorClass ?? 'valid') ?? 0) + 1);
    }
    // Those that hung up first failed as a broken answer, the rest by the deadline: every one judged dead.
    expect([...classes.keys()].sort()).toEqual(['bad_response', 'timeout']);
    expect(slow.accepted()).toBe(300);
  }, 60_000);

  it('a hold-up longer than the deadline slows the batch down, and the pace comes back once it is over', async () => {
    const proxies: ProxyToCheck[] = Array.from({ length: 240 }, () => ({
      protocol: ProxyProtocol.Socks5,
      host: '127.0.0.1',
      port: delayed.port,
      credentials: null,
    }));
    let held = false;
    const holdUps = testHoldUps();
    const outcomes: ProxyCheckOutcome[] = [];
    const summary = await checkMany(proxies, target, {
      allowPrivateAddresses: true,
      connectTimeoutMs: 1000,
      totalTimeoutMs: 1000,
      concurrency: 24,
      loopWatch: holdUps.watch,
      connectSocket: (options) => {
        const socket = connect(options);
        if (!held) {
          held = true;
          // Other work holds the loop past the deadlines of every check under way.
          socket.once('connect', () => holdUps.hold(1500));
        }
        return socket;
      },
      onResult: (outcome) => outcomes.push(outcome),
    });
    expect(outcomes).toHaveLength(240);
    expect(outcomes.filter((outcome) => outcome.valid)).toHaveLength(240);
    expect(summary.slowdowns).toBeGreaterThan(0);
    expect(summary.rechecked).toBeGreaterThan(0);
    expect(summary.lowestConcurrency).toBeLessThan(24);
    expect(summary.finalConcurrency).toBe(24);
  }, 60_000);
});
