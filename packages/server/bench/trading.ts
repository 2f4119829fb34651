/**
 * `pnpm bench trading`: an inventory scan of 200 sandbox accounts of 1,000 CS2 items each through the Steam port
 * (target under 5 s, memory printed), then trade offers sent and confirmed per second between sandbox accounts
 * (each offer sent, confirmed by the sender's mobile authenticator, accepted by the partner). Prints figures.
 */
import { createSteamPort, SandboxWorld, type SteamProxy } from '../src/integrations/steam/index.ts';
import type { SteamTradeSession } from '../src/integrations/steam/trading-port.ts';

const ACCOUNTS = 200;
const ITEMS = 1000;
const OFFERS = 2000;
const SCAN_TARGET_MS = 5000;

const print = (line: string) => process.stdout.write(`${line}\n`);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const world = new SandboxWorld(undefined, { inventorySizes: { cs2: ITEMS } });
const port = createSteamPort({ mode: 'sandbox' }, { sandboxWorld: world });
const proxy = (n: number): SteamProxy => ({
  protocol: 'http',
  host: '10.0.0.1',
  port: 20000 + n,
  username: null,
  password: null,
});

const sessions: SteamTradeSession[] = [];
for (const [n, account] of world.healthyAccounts(ACCOUNTS).entries()) {
  const signed = await port.signIn({
    login: account.login,
    password: account.password,
    sharedSecret: account.sharedSecret,
    proxy: proxy(n),
  });
  if (!signed.ok) throw new Error(`sign-in of ${account.login} failed`);
  sessions.push(
    port.tradeSession({
      steamId: signed.steamId,
      refreshToken: signed.refreshToken,
      proxy: proxy(n),
      identitySecret: account.identitySecret,
    }),
  );
}

global.gc?.();
const heapBefore = process.memoryUsage().heapUsed;
const scanStarted = performance.now();
const tradable: string[][] = [];
let scanned = 0;
for (const session of sessions) {
  const result = await session.inventory('cs2', { pageSize: ITEMS });
  if (!result.ok) throw new Error(`scan failed: ${result.reason}`);
  scanned += result.inventory.items.length;
  tradable.push(result.inventory.items.filter((item) => item.tradable).map((item) => item.assetId));
}
const scanMs = performance.now() - scanStarted;
const memory = process.memoryUsage();
print(
  `inventory scan: ${ACCOUNTS} accounts x ${ITEMS} items = ${scanned} items in ${scanMs.toFixed(0)} ms ` +
    `(target < ${SCAN_TARGET_MS} ms: ${scanMs < SCAN_TARGET_MS ? 'met' : 'MISSED'})`,
);
print(
  `memory: heap +${mb(memory.heapUsed - heapBefore)} (heap ${mb(memory.heapUsed)}, rss ${mb(memory.rss)})`,
);

const tokens = sessions.map((session) => world.trading.tradeToken(session.steamId)!);
let sent = 0;
let accepted = 0;
const offersStarted = performance.now();
for (let i = 0; i < OFFERS; i++) {
  const from = i % ACCOUNTS;
  const to = (i + 1) % ACCOUNTS;
  const assetId = tradable[from]!.pop();
  if (!assetId) break;
  const offer = await sessions[from]!.sendOffer({
    partnerSteamId: sessions[to]!.steamId,
    tradeToken: tokens[to]!,
    itemsToGive: [{ appId: 730, contextId: '2', assetId, amount: 1 }],
    itemsToReceive: [],
    reference: `bench-${i}`,
  });
  if (!offer.ok) throw new Error(`send failed: ${offer.reason}`);
  const confirmed = await sessions[from]!.confirmOffers([offer.offerId]);
  if (!confirmed.ok || confirmed.answered.length !== 1) throw new Error('confirmation failed');
  sent += 1;
  const accept = await sessions[to]!.acceptOffer(offer.offerId);
  if (!accept.ok) throw new Error(`accept failed: ${accept.reason}`);
  accepted += 1;
}
const offersS = (performance.now() - offersStarted) / 1000;
print(
  `offers: ${sent} sent and confirmed, ${accepted} accepted in ${offersS.toFixed(2)} s = ` +
    `${(sent / offersS).toFixed(0)} offers/s (send + confirm + accept)`,
);
await port.close();
