import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ApiClient, createApiClient } from '@tradedeck/sdk/client';
import type { RunningServer } from '@tradedeck/server/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxWorld } from '../../server/src/integrations/steam/index.ts';
import { cliProcess } from './helpers/cli-command.ts';
import { signedInUser, startCliServer } from './helpers/cli-server.ts';
import { addSandboxAccounts, until } from './helpers/sandbox-accounts.ts';
import { shellQuote, TmuxSession } from './helpers/tmux.ts';

const terminal = new TmuxSession(`tradedeck-portfolio-${process.pid}`);
const dir = mkdtempSync(join(tmpdir(), 'tradedeck-portfolio-term-'));
const world = new SandboxWorld();
const accounts = world.healthyAccounts(2, 3421);
let server: RunningServer;
let environment = '';
let rows = 0;

/** Two sandbox accounts with their Dota 2 inventories scanned into the cache. */
async function prepare(client: ApiClient): Promise<void> {
  const ids = await addSandboxAccounts(client, accounts, '10.51.0');
  await client.steamTrading.refreshInventories({ accountIds: ids, games: ['dota2'] });
  rows = await until(async () => {
    const byAccount = await client.portfolio.query({ by: 'account' });
    if (byAccount.items.length < 2) return false;
    return (await client.portfolio.query({ by: 'item' })).total;
  });
}

beforeAll(async () => {
  server = await startCliServer({ mode: 'sandbox' });
  const { accessToken } = await signedInUser(server, 'portfolio-terminal@example.test');
  const client = createApiClient({ baseUrl: server.url, language: () => 'en' });
  client.tokens.set({ accessToken, expiresAt: new Date(Date.now() + 600_000).toISOString() });
  await prepare(client);
  environment = [
    `TRADEDECK_CONFIG_DIR=${shellQuote(dir)}`,
    `TRADEDECK_SERVER=${server.url}`,
    `TRADEDECK_TOKEN=${accessToken}`,
    'LANG=C.UTF-8',
  ].join(' ');
}, 120_000);

afterAll(async () => {
  terminal.kill();
  await server?.stop();
});

describe('tradedeck portfolio in a real terminal (tmux, sandbox mode)', () => {
  it('prints the grouped table, pipes TSV and --json, and refuses a bad grouping', async () => {
    const cli = `env -u CI ${environment} ${cliProcess()}`;
    const summary = `${process.execPath} -e ${shellQuote(
      "let s='';process.stdin.on('data',d=>s+=d).on('end',()=>{const j=JSON.parse(s);console.log('json-total='+j.total+' kind='+j.items[0].kind+' source='+j.items[0].unitValue.source)})",
    )}`;
    // Tradable only: every group counts its tradable items alone.
    const tradable = `${process.execPath} -e ${shellQuote(
      "let s='';process.stdin.on('data',d=>s+=d).on('end',()=>{const j=JSON.parse(s);const all=j.items.every(r=>r.kind==='item'&&r.count===r.tradableCount&&r.count>0);console.log('tradable-json-rows='+j.items.length+' all-tradable='+all)})",
    )}`;
    const script = [
      `${cli} portfolio --by account --source steam`,
      `${cli} portfolio --game dota2 --source steam --json | ${summary}`,
      `${cli} portfolio --tradable --game dota2 --json | ${tradable}`,
      `${cli} portfolio --all --source steam | awk -F'\\t' 'NR>1{n++} END{print "tsv-rows=" n " fields=" NF}'`,
      `${cli} portfolio --by shelf; echo "bad-by-exit=$?"`,
      'sleep 60',
    ].join('; ');
    terminal.start(`bash -c ${shellQuote(script)}`, fileURLToPath(new URL('..', import.meta.url)), {
      width: 200,
      height: 60,
    });
    const screen = await terminal.waitFor(/bad-by-exit=\d+/, 100_000);
    for (const account of accounts)
      expect(screen).toMatch(new RegExp(`${account.login}\\s+\\d+\\s+\\d+\\s+0\\s+20`));
    expect(screen).toMatch(/ACCOUNT\s+COUNT\s+TRADABLE\s+PROTECTED\s+LAST READ\s+ERROR/);
    expect(screen).toContain(`json-total=${rows} kind=item source=steam`);
    expect(screen).toContain(`tsv-rows=${rows} fields=9`);
    expect(screen).toMatch(/tradable-json-rows=[1-9]\d* all-tradable=true/);
    expect(screen).toContain('Grouping must be item, account or flat, got "shelf"');
    expect(screen).toContain('bad-by-exit=2');
  }, 120_000);
});
