import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ApiClient, createApiClient } from '@tradedeck/sdk/client';
import type { RunningServer } from '@tradedeck/server/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxWorld, sandboxMafileText } from '../../server/src/integrations/steam/index.ts';
import { cliProcess } from './helpers/cli-command.ts';
import { signedInUser, startCliServer } from './helpers/cli-server.ts';
import { addSandboxAccounts, until } from './helpers/sandbox-accounts.ts';
import { shellQuote, TmuxSession } from './helpers/tmux.ts';

const terminal = new TmuxSession(`tradedeck-trading-${process.pid}`);
const refreshing = new TmuxSession(`tradedeck-trading-refresh-${process.pid}`);
const dir = mkdtempSync(join(tmpdir(), 'tradedeck-trading-term-'));
const world = new SandboxWorld();
const [alice, bob] = world.healthyAccounts(2, 3401);
// Added without a scan, as a freshly imported account is.
const [carol] = world.healthyAccounts(1, 3411);
let api: ApiClient;
let server: RunningServer;
let environment = '';
let offerId = '';

/** Two sandbox accounts with scanned Dota 2 inventories, and one offer from Alice to Bob. */
async function prepare(client: ApiClient): Promise<void> {
  const ids = await addSandboxAccounts(client, [alice!, bob!], '10.50.0');
  await client.steamTrading.refreshInventories({ accountIds: ids, games: ['dota2'] });
  const items = await until(async () => {
    const answer = await client.steamTrading.inventory({ id: ids[0]!, tradableOnly: true });
    const other = await client.steamTrading.inventory({ id: ids[1]! });
    return answer.items.length > 0 && other.scans.length > 0 ? answer.items : false;
  });
  const sent = await client.steamTrading.sendOffer({
    id: ids[0]!,
    partnerSteamId: bob!.steamId,
    tradeToken: world.trading.tradeToken(bob!.steamId),
    itemsToGive: [
      { appId: items[0]!.appId, contextId: items[0]!.contextId, assetId: items[0]!.assetId, amount: 1 },
    ],
    reference: 'term-0001',
  });
  offerId = sent.offerId!;
}

beforeAll(async () => {
  server = await startCliServer({ mode: 'sandbox' });
  const { accessToken } = await signedInUser(server, 'trading-terminal@example.test');
  const client = createApiClient({ baseUrl: server.url, language: () => 'en' });
  client.tokens.set({ accessToken, expiresAt: new Date(Date.now() + 600_000).toISOString() });
  await prepare(client);
  api = client;
  environment = [
    `TRADEDECK_CONFIG_DIR=${shellQuote(dir)}`,
    `TRADEDECK_SERVER=${server.url}`,
    `TRADEDECK_TOKEN=${accessToken}`,
    'LANG=C.UTF-8',
  ].join(' ');
}, 120_000);

afterAll(async () => {
  terminal.kill();
  refreshing.kill();
  await server?.stop();
});

describe('tradedeck accounts inventory|offers in a real terminal (tmux, sandbox mode)', () => {
  it('shows the cached inventory of a game and the offers both ways; --json pipes', async () => {
    const cli = `env -u CI ${environment} ${cliProcess()}`;
    const count = `${process.execPath} -e ${shellQuote(
      "let s='';process.stdin.on('data',d=>s+=d).on('end',()=>{const j=JSON.parse(s);console.log('json-offers='+j.offers.length+' first='+j.offers[0].id+' ref='+j.offers[0].reference)})",
    )}`;
    const script = [
      `${cli} accounts inventory ${alice!.login} --game dota2 | head -8`,
      `${cli} accounts offers ${alice!.login} --sent --json | ${count}`,
      `${cli} accounts offers ${bob!.login} --received`,
      `${cli} accounts inventory ${alice!.login} --game csgo; echo "bad-game-exit=$?"`,
      'sleep 60',
    ].join('; ');
    terminal.start(`bash -c ${shellQuote(script)}`, fileURLToPath(new URL('..', import.meta.url)), {
      width: 180,
      height: 60,
    });
    const screen = await terminal.waitFor(/bad-game-exit=\d+/, 100_000);
    expect(screen).toContain('[sandbox] the server simulates Steam');
    expect(screen).toMatch(/dota2: listed, \d+ items, scanned /);
    expect(screen).toMatch(/Value: \$[\d,.]+/);
    expect(screen).toMatch(/game\s+item\s+exterior\s+tradable\s+price/);
    expect(screen).toContain(`json-offers=1 first=${offerId} ref=term-0001`);
    expect(screen).toMatch(new RegExp(`${offerId}\\s+received\\s+${alice!.steamId}\\s+Active\\s+0 / 1`));
    expect(screen).toContain('Game must be cs2, dota2, tf2, rust or community, got "csgo"');
    expect(screen).toContain('bad-game-exit=2');
  }, 120_000);

  it('--refresh asks for a scan and waits for it, so a freshly imported account shows its items', async () => {
    await api.steamAccounts.add({
      accounts: {
        '0': {
          login: carol!.login,
          password: carol!.password,
          mafile: sandboxMafileText(carol!),
          proxyData: { protocol: 'http', address: '10.50.0.3', port: 3128, username: null, password: null },
        },
      },
    });
    const cli = `env -u CI ${environment} ${cliProcess()}`;
    const count = (label: string) =>
      `${process.execPath} -e ${shellQuote(
        `let s='';process.stdin.on('data',d=>s+=d).on('end',()=>console.log('${label}='+JSON.parse(s).items.length))`,
      )}`;
    const script = [
      `${cli} accounts inventory ${carol!.login} --game dota2 --json | ${count('cached')}`,
      `${cli} accounts inventory ${carol!.login} --game dota2 --refresh --json | ${count('refreshed')}`,
      'sleep 60',
    ].join('; ');
    refreshing.start(`bash -c ${shellQuote(script)}`, fileURLToPath(new URL('..', import.meta.url)), {
      width: 180,
      height: 40,
    });
    const screen = await refreshing.waitFor(/refreshed=\d+/, 100_000);
    expect(screen).toContain('cached=0');
    expect(screen).toContain('Scanning the inventory on Steam…');
    expect(screen).toMatch(/refreshed=[1-9]\d*/);
  }, 120_000);
});
