/**
 * Several server processes on one simulated Steam: each has its own sandbox world on one shared journal. A world
 * answers what the journal holds now (an offer another process sent), offer ids never repeat across processes,
 * each line names its process, and a line a killed writer cut short neither stops the reading nor swallows the
 * next line.
 */
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TradeAsset } from '@tradedeck/sdk/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type Clock,
  createSteamPort,
  type SandboxWorld,
  type SteamProxy,
} from '../../src/integrations/steam/index.ts';
import { openSandboxWorld } from '../../src/integrations/steam/sandbox/open-sandbox-world.ts';
import type { SteamTradeSession } from '../../src/integrations/steam/trading-port.ts';
import { sandboxTradeSession } from './sandbox-sign-in.ts';

const now = Date.UTC(2026, 0, 10, 12);
const clock: Clock = { now: () => now, sleep: async () => {} };
let dir: string;
let journal: string;
let proxyPort = 41000;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tradedeck-shared-journal-'));
  journal = join(dir, 'sandbox-steam.jsonl');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** One server process's view of Steam: its own world on the shared journal. */
function processWorld(): SandboxWorld {
  return openSandboxWorld({ sandboxJournal: journal });
}

function sessionOf(world: SandboxWorld, login: string): Promise<SteamTradeSession> {
  const port = createSteamPort({ mode: 'sandbox' }, { sandboxWorld: world, clock });
  const proxy: SteamProxy = {
    protocol: 'http',
    host: '127.0.0.1',
    port: ++proxyPort,
    username: null,
    password: null,
  };
  return sandboxTradeSession(port, world, login, proxy);
}

async function oneItem(session: SteamTradeSession, index: number): Promise<TradeAsset[]> {
  const scanned = await session.inventory('cs2', { tradableOnly: true });
  if (!scanned.ok) throw new Error(scanned.reason);
  const item = scanned.inventory.items[index]!;
  return [{ appId: item.appId, contextId: item.contextId, assetId: item.assetId, amount: 1 }];
}

async function send(world: SandboxWorld, from: string, to: string, index: number, reference: string) {
  const session = await sessionOf(world, from);
  const partner = world.find(to)!;
  const sent = await session.sendOffer({
    partnerSteamId: partner.steamId,
    tradeToken: world.trading.tradeToken(partner.steamId),
    itemsToGive: await oneItem(session, index),
    itemsToReceive: [],
    reference,
    message: 'gift',
  });
  if (!sent.ok) throw new Error(`send ${reference}: ${sent.reason}`);
  return { session, offerId: sent.offerId };
}

describe('one simulated Steam shared by several processes', () => {
  it('answers offers other processes sent, and never gives two offers one id', async () => {
    const a = processWorld();
    const b = processWorld();
    const first = await send(a, 'sandbox_bot_0031', 'sandbox_bot_0032', 0, 'ref-a1');
    // Process b started before the offer existed, yet finds it by its reference (a takeover's reconciliation).
    const bSide = await sessionOf(b, 'sandbox_bot_0031');
    const found = await bSide.findSentOffer('ref-a1', new Date(now - 60_000));
    expect(found).toMatchObject({ ok: true, offer: { id: first.offerId } });
    const second = await send(b, 'sandbox_bot_0031', 'sandbox_bot_0033', 1, 'ref-b1');
    const third = await send(a, 'sandbox_bot_0034', 'sandbox_bot_0032', 0, 'ref-a2');
    const ids = [first.offerId, second.offerId, third.offerId];
    expect(new Set(ids).size).toBe(3);
    // b's offer is seen by a as b answered it, and a world opened afterwards replays the same ids.
    expect(await first.session.getOffer(second.offerId)).toMatchObject({
      ok: true,
      offer: { message: 'gift [td:ref-b1]' },
    });
    const later = processWorld();
    for (const [i, ref] of ['ref-a1', 'ref-b1', 'ref-a2'].entries())
      expect(later.trading.offersWithMessage(`[td:${ref}]`).map((offer) => offer.id)).toEqual([ids[i]]);
    // A confirmation answered by another process: the offer is active everywhere.
    const confirmed = await (await sessionOf(b, 'sandbox_bot_0031')).confirmOffers([first.offerId]);
    expect(confirmed).toMatchObject({ ok: true, answered: [first.offerId] });
    expect(await first.session.getOffer(first.offerId)).toMatchObject({ ok: true, offer: { state: 2 } });

    const lines = readFileSync(journal, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines.filter((line) => line.op === 'send')).toHaveLength(3);
    expect(lines.every((line) => line.process === `${line.process.split(':')[0]}:${process.pid}`)).toBe(true);
  });

  it('reads past a line a killed writer cut short, and keeps the next change whole', async () => {
    const a = processWorld();
    await send(a, 'sandbox_bot_0041', 'sandbox_bot_0042', 0, 'ref-before');
    appendFileSync(journal, '{"op":"send","steamId":"7656');
    const b = processWorld();
    await send(b, 'sandbox_bot_0043', 'sandbox_bot_0042', 0, 'ref-after');
    const later = processWorld();
    expect(later.trading.offersWithMessage('[td:ref-before]')).toHaveLength(1);
    expect(later.trading.offersWithMessage('[td:ref-after]')).toHaveLength(1);
    expect(a.trading.offersWithMessage('[td:ref-after]')).toHaveLength(0);
    a.catchUp();
    expect(a.trading.offersWithMessage('[td:ref-after]')).toHaveLength(1);
  });
});
