/**
 * Issue #38's acceptance run: 200 accounts on 20 loopback proxies (each dialling out from its own address) scan
 * their inventories without pause and answer a confirmation now and then, against the fake Steam that answers
 * 429 once an egress goes over its inventory budget and once an account asks for confirmations sooner than 10 s.
 * The pacing table starts above the fake's real budget (as the notes' "about 60 a minute" may be above an IP's
 * real one), so each proxy meets one 429, halves, and settles just under the real budget: no 429 after the first
 * on any proxy, and throughput within 20 % of the budget. Time is simulated (barrier-clock.ts): the counts below
 * are per simulated window, whatever the machine's load.
 */
import { ConfirmationType } from '@tradedeck/sdk/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSteamPort, type SteamPort, type SteamProxy } from '../../src/integrations/steam/index.ts';
import type { SteamTradeSession } from '../../src/integrations/steam/trading-port.ts';
import { LIVE_BUDGETS } from '../../src/pacing/budgets.ts';
import { type FakeSteam, startFakeSteam } from '../steam/helpers/fake-steam.ts';
import { createFakeTrading } from '../steam/helpers/fake-steam-trading.ts';
import { fakeAccount, secretOf } from '../steam/helpers/live-world.ts';
import { type LoopbackProxy, startConnectProxy } from '../steam/helpers/loopback-proxies.ts';
import { barrierClock } from './helpers/barrier-clock.ts';

const PROXIES = 20;
const PER_PROXY = 10;
/** Steam's minute scaled to 6 s so the run stays short: the fake serves 8 reads per egress in any 6 s. */
const WINDOW_MS = 6_000;
const REAL_BUDGET = 8;
/** The table's starting guess, half again the real budget. */
const TABLE_BUDGET = 12;
const RUN_MS = 9 * WINDOW_MS;
/** Throughput is measured once the limiters settled: the last five windows of the run. */
const MEASURE_FROM_MS = 4 * WINDOW_MS;

const CREDENTIALS = { username: 'fleet', password: 'p4ss' };
const START = Date.now();
const time = barrierClock(START);
const accounts = Array.from({ length: PROXIES * PER_PROXY }, (_, n) => fakeAccount(`fleet${n}`, 500 + n));
const trading = createFakeTrading(() => fake, {
  inventoryBudget: REAL_BUDGET,
  inventoryWindowMs: WINDOW_MS,
  confirmationSpacingMs: 10_000,
  confirmationDelayMs: 0,
  now: time.clock.now,
});
let fake: FakeSteam;
let proxies: LoopbackProxy[] = [];
let port: SteamPort;

const egressOf = (index: number) => `127.0.0.${10 + index}`;

beforeAll(async () => {
  fake = await startFakeSteam(accounts, 0, undefined, trading.route);
  proxies = await Promise.all(
    Array.from({ length: PROXIES }, (_, index) => startConnectProxy(CREDENTIALS, egressOf(index))),
  );
  for (const who of accounts) {
    trading.identitySecrets.set(who.steamId, secretOf(`${who.login}:identity`));
    trading.inventories.set(`${who.steamId}/440/2`, [
      { assetid: `${who.steamId}1`, classid: '1', name: 'Key' },
    ]);
  }
  port = createSteamPort(
    { mode: 'live' },
    {
      clock: time.clock,
      loginSpacingMs: 0,
      budgets: {
        inventory: {
          ...LIVE_BUDGETS.inventory,
          proxy: { permits: TABLE_BUDGET, windowMs: WINDOW_MS },
          restMs: WINDOW_MS,
        },
      },
      live: {
        apiBase: `http://api.steam.test:${fake.port}`,
        communityBase: `http://community.steam.test:${fake.port}`,
        requestTimeoutMs: 20_000,
        loginTimeoutMs: 20_000,
      },
    },
  );
}, 60_000);

afterAll(async () => {
  await port?.close();
  await Promise.all([fake?.close(), ...proxies.map((proxy) => proxy.close())]);
});

/** Waits out a rest the port answered (the caller's own back-off), or fails on anything else. */
async function restOrFail(result: { ok: boolean; reason?: string; retryAfter?: Date }, what: string) {
  if (result.ok) return;
  if (result.reason !== 'rateLimited' || !result.retryAfter)
    throw new Error(`${what}: ${result.reason} ${JSON.stringify(result)}`);
  await time.clock.sleep(result.retryAfter.getTime() - time.clock.now());
}

async function scanLoop(session: SteamTradeSession) {
  while (time.clock.now() < START + RUN_MS) {
    await restOrFail(await session.inventory('tf2'), 'inventory');
  }
}

async function confirmLoop(session: SteamTradeSession, steamId: string) {
  let n = 0;
  while (time.clock.now() < START + RUN_MS) {
    const offerId = `${steamId.slice(-6)}${n++}`;
    trading.addForeignConfirmation(steamId, offerId, ConfirmationType.Trade);
    await restOrFail(await session.confirmOffers([offerId], { attempts: 1 }), 'confirm');
  }
}

describe('adaptive pacing on a fleet behind loopback proxies', () => {
  it('meets one 429 per proxy at most and settles within 20 % of the real budget', {
    timeout: 120_000,
  }, async () => {
    const sessions = accounts.map((who, n) => {
      const index = Math.floor(n / PER_PROXY);
      const proxy: SteamProxy = {
        protocol: 'http',
        host: '127.0.0.1',
        port: proxies[index]!.port,
        ...CREDENTIALS,
      };
      return port.tradeSession({
        steamId: who.steamId,
        refreshToken: fake.issueRefreshToken(who.steamId, Math.floor(Date.now() / 1000) + 100 * 86400),
        proxy,
        identitySecret: trading.identitySecrets.get(who.steamId)!,
        saved: { tradeProtectionAcknowledgedAt: new Date(START) },
      });
    });
    for (const who of accounts) trading.acknowledged.add(who.steamId);
    await Promise.all(
      sessions.flatMap((session, n) => [
        time.worker(() => scanLoop(session)),
        time.worker(() => confirmLoop(session, accounts[n]!.steamId)),
      ]),
    );

    const reads = trading.inventoryReads;
    for (let index = 0; index < PROXIES; index++) {
      const ip = egressOf(index);
      const ofProxy = reads.filter((read) => read.ip === ip);
      const refused = ofProxy.filter((read) => read.refused);
      // The table's guess was above the real budget: one 429 taught each proxy, and none came after it.
      expect(refused, ip).toHaveLength(1);
      const served = ofProxy.filter(
        (read) => !read.refused && read.at >= START + MEASURE_FROM_MS && read.at < START + RUN_MS,
      ).length;
      const budget = (REAL_BUDGET * (RUN_MS - MEASURE_FROM_MS)) / WINDOW_MS;
      expect(served, ip).toBeGreaterThanOrEqual(0.8 * budget);
      expect(served, ip).toBeLessThanOrEqual(budget);
    }
    // Confirmations kept to one request per account per 10 s, and every account confirmed all along.
    expect(trading.confirmationRefusals).toBe(0);
    const confirmedBy = new Set(trading.answered.flatMap((answer) => answer.ids));
    expect(confirmedBy.size).toBeGreaterThanOrEqual(accounts.length * 3);
  });
});
