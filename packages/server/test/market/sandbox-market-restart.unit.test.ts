/**
 * A sandbox server restarted on the same Steam journal keeps its market: the balances after a money send, the
 * sales history with its hold, the listings still on sale and the sends found by custom id are what they were
 * before the restart (they used to go back to a fresh 100 USD account).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Money } from '@tradedeck/sdk/domain';
import { afterEach, beforeEach, expect, it } from 'vitest';
import {
  createMarketPort,
  type MarketCredentials,
  type MarketPort,
  marketKeyId,
  SandboxMarket,
  SandboxMarketStateFile,
  sandboxMarketKey,
  sandboxMarketStatePath,
  sandboxPaymentPassword,
} from '../../src/integrations/market/index.ts';
import { type Clock, openSandboxWorld } from '../../src/integrations/steam/index.ts';

let now = Date.UTC(2026, 2, 2, 10);
const clock: Clock = {
  now: () => now,
  sleep: async (ms) => {
    now += ms;
  },
};
let dir: string;
let journal: string;

const credsOf = (login: string): MarketCredentials => {
  const apiKey = sandboxMarketKey(login);
  return { apiKey, keyId: marketKeyId(apiKey), currency: 'USD' };
};
const seller = credsOf('sandbox_bot_0201');
const receiver = credsOf('sandbox_bot_0202');

/** A sandbox server's market as `app.ts` makes it from the configuration. */
function startedMarket(): MarketPort {
  const sandboxWorld = openSandboxWorld({ sandboxJournal: journal });
  return createMarketPort({ mode: 'sandbox', sandboxJournal: journal }, { clock, sandboxWorld });
}

async function stateOf(market: MarketPort) {
  const [balance, received, listings, history, send] = await Promise.all([
    market.balance(seller),
    market.balance(receiver),
    market.listings(seller),
    market.history(seller, new Date(now - 60 * 60_000), new Date(now + 60_000)),
    market.moneySendByCustomId(seller, 'restart-send-1'),
  ]);
  return { balance, received, listings, history, send };
}

beforeEach(() => {
  now = Date.UTC(2026, 2, 2, 10);
  dir = mkdtempSync(join(tmpdir(), 'sandbox-market-restart-'));
  journal = join(dir, 'sandbox-steam.jsonl');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

it('keeps balances, sales, listings and sends across a restart', async () => {
  // The first run sells through the market's own sale control, as the demo and the sandbox controls do.
  const world = openSandboxWorld({ sandboxJournal: journal });
  const sandbox = new SandboxMarket(world, {
    stateFile: new SandboxMarketStateFile(sandboxMarketStatePath(journal)),
  });
  const first = createMarketPort({ mode: 'sandbox' }, { clock, sandboxWorld: world, sandboxMarket: sandbox });

  expect(await first.balance(receiver)).toMatchObject({ ok: true });
  const sent = await first.sendMoney(seller, {
    amount: { currency: 'USD', amount: 12_345 },
    receiverApiKey: receiver.apiKey,
    paymentPassword: sandboxPaymentPassword('sandbox_bot_0201', world.seed),
    customId: 'restart-send-1',
  });
  expect(sent).toMatchObject({ ok: true, record: { status: 'done' } });

  const inventory = await first.inventory(seller);
  if (!inventory.ok) throw new Error(inventory.reason);
  const [sold, kept] = inventory.items.filter((item) => item.game === 'cs2' && item.tradable);
  const price = (amount: number): Money => ({ currency: 'USD', amount });
  const listed = await first.addToSale(seller, [
    { assetId: sold!.assetId, price: price(5_000) },
    { assetId: kept!.assetId, price: price(7_000) },
  ]);
  if (!listed.ok || !listed.outcomes[0]!.ok) throw new Error('listing failed');
  now += 60_000;
  expect(sandbox.completeSaleNow(listed.outcomes[0]!.itemId, now)).toBe(true);
  now += 60_000;
  const before = await stateOf(first);
  expect(before.balance).toMatchObject({
    ok: true,
    // 100 USD less the send; the sale's 95 % waits 7 days on hold.
    balance: { available: price(100_000 - 12_345), onHold: price(4_750) },
  });
  expect(before.listings).toMatchObject({ ok: true, listings: [{ price: price(7_000), status: 'onSale' }] });

  // The restart: a new process opens the same journal.
  const second = startedMarket();
  const after = await stateOf(second);
  expect(after).toEqual(before);
  expect(after.history).toMatchObject({
    ok: true,
    entries: [{ event: 'sell', stage: 'active', received: price(4_750) }],
  });
  expect(after.send).toMatchObject({ ok: true, record: { customId: 'restart-send-1', status: 'done' } });

  // The restarted market goes on from there: the hold is released after 7 days.
  now += 7 * 24 * 60 * 60_000;
  expect(await second.balance(seller)).toMatchObject({
    balance: { available: price(100_000 - 12_345 + 4_750), onHold: price(0) },
  });
});

it('is one market for several server processes sharing the journal', async () => {
  // Two processes started on one journal: what one lists and sells, the other answers at once.
  const a = startedMarket();
  const b = startedMarket();
  const inventory = await a.inventory(seller);
  if (!inventory.ok) throw new Error(inventory.reason);
  const [first, second] = inventory.items.filter((item) => item.game === 'cs2' && item.tradable);
  const price = (amount: number): Money => ({ currency: 'USD', amount });
  const listedByA = await a.addToSale(seller, [{ assetId: first!.assetId, price: price(5_000) }]);
  const listedByB = await b.addToSale(seller, [{ assetId: second!.assetId, price: price(6_000) }]);
  if (!listedByA.ok || !listedByB.ok) throw new Error('listing failed');
  const ids = [listedByA.outcomes[0]!, listedByB.outcomes[0]!].map((outcome) =>
    outcome.ok ? outcome.itemId : null,
  );
  expect(new Set(ids).size).toBe(2);
  for (const market of [a, b]) {
    const listings = await market.listings(seller);
    expect(listings.ok && listings.listings.map((listing) => listing.price.amount).sort()).toEqual([
      5_000, 6_000,
    ]);
  }
  // A money send made through one process, to an account the other opened, is spent in the first one's answer too.
  expect(await a.balance(receiver)).toMatchObject({ ok: true });
  const sent = await b.sendMoney(seller, {
    amount: { currency: 'USD', amount: 1_000 },
    receiverApiKey: receiver.apiKey,
    paymentPassword: sandboxPaymentPassword('sandbox_bot_0201', 'tradedeck-sandbox'),
    customId: 'shared-send-1',
  });
  expect(sent).toMatchObject({ ok: true });
  expect(await a.balance(seller)).toMatchObject({ ok: true, balance: { available: price(99_000) } });
});
