import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ApiClient, createApiClient } from '@tradedeck/sdk/client';
import type { RunningServer } from '@tradedeck/server/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxWorld } from '../../server/src/integrations/steam/index.ts';
import { CLI_DIR, cliCommand } from './helpers/cli-command.ts';
import { outboxCode, signedInUser, startCliServer } from './helpers/cli-server.ts';
import { addSandboxAccounts, sandboxMarketKey } from './helpers/sandbox-accounts.ts';
import { TmuxSession } from './helpers/tmux.ts';

const terminal = new TmuxSession(`tradedeck-lots-${process.pid}`);
const configDir = mkdtempSync(join(tmpdir(), 'tradedeck-lots-term-'));
const world = new SandboxWorld();
const [alice] = world.healthyAccounts(1, 3801);
const LISTED = 4;
let server: RunningServer;
let cli = '';
let total = 0;
let client: ApiClient;
let listedIds: number[] = [];
/** The lots of the same Steam account's Waxpeer seller account (the sandbox Waxpeer). */
let waxpeerLots = 0;

beforeAll(async () => {
  // The sandbox market takes a listing's new price a second after the last (TM: a minute), so the reprices below
  // do not wait a minute for the last one's spacing.
  server = await startCliServer({ mode: 'sandbox', sandboxPriceChangeMs: 1_000 });
  const { accessToken } = await signedInUser(server, 'lots-terminal@example.test');
  client = createApiClient({ baseUrl: server.url, language: () => 'en' });
  client.tokens.set({ accessToken, expiresAt: new Date(Date.now() + 600_000).toISOString() });
  const [aliceId] = await addSandboxAccounts(client, [alice!], '10.62.0');
  // Connecting a market key asks for the second factor.
  await client.user.requestTwoFactor({ purpose: 'stepUp' });
  await client.user.stepUp({
    twoFactor: { codes: { emailCode: await outboxCode(server, 'lots-terminal@example.test') } },
  });
  // The same Steam account sells on TM and on Waxpeer: two seller accounts, each with its own lots.
  for (const platform of ['tm', 'waxpeer'] as const)
    await client.p2p.create({
      steamAccountId: aliceId!,
      apiKey: sandboxMarketKey(alice!.login),
      paymentPassword: 'pay-secret-1',
      modules: ['tradingBot'],
      tmCurrency: 'USD',
      platform,
    });
  await client.lots.sync({});
  const inventory = (platforms: ('tm' | 'waxpeer')[]) =>
    client.lots.query({
      withStatus: ['in_inventory'],
      platforms,
      pages: { page: 1, pageSize: 100 },
      sort: [{ propertyName: 'id', isDescending: false }],
    });
  total = (await inventory([])).total;
  waxpeerLots = (await inventory(['waxpeer'])).total;
  const onTm = (await inventory(['tm'])).items.slice(0, LISTED);
  listedIds = onTm.map((lot) => lot.id);
  await client.lots.addToSale({
    items: onTm.map((lot) => ({ id: lot.id, price: { currency: 'USD', amount: 900_000 } })),
  });
  cli = cliCommand({ configDir, server: server.url, token: accessToken });
  terminal.start('bash --norc --noprofile', CLI_DIR, { width: 200, height: 50 });
  await terminal.waitFor(/\$ ?$/m, 10_000).catch(() => {});
}, 120_000);

afterAll(async () => {
  terminal.kill();
  await server?.stop();
});

async function run(line: string, mark: string, timeoutMs = 60_000): Promise<string> {
  terminal.typeLine(`${line}; echo "${mark}=$?"`);
  return terminal.waitFor(new RegExp(`${mark}=\\d+`), timeoutMs);
}

// A test types several commands, each given a minute to answer (each starts a process of the CLI, 2-10 s on a
// loaded machine): the suite's 30 s would end a test before its own waits do.
describe('tradedeck p2p lots, reprice, sales and prices in a real terminal (tmux, sandbox market)', {
  timeout: 150_000,
}, () => {
  it('lists lots with N of M on stderr when piped, and every lot with --all --json', async () => {
    expect(total).toBeGreaterThan(10);
    let screen = await run(`${cli} p2p lots ls --page-size 10 > /dev/null`, 'ls-piped');
    expect(screen).toContain(`Printed 10 of ${total} rows; pass --all for every row`);
    expect(screen).toContain('ls-piped=0');
    screen = await run(`${cli} p2p lots ls --all --json | grep -c '"marketHashName"'`, 'ls-json');
    expect(screen).toContain(`\n${total}\n`);
    screen = await run(`${cli} p2p lots ls --status on_sale`, 'ls-sale');
    expect(screen).toContain(`${LISTED} of ${LISTED} lots (page 1)`);
    screen = await run(`${cli} p2p lots ls --status sold`, 'ls-bad');
    expect(screen).toContain('Unknown value "sold"; known: on_sale, hold, ready_to_trade, in_inventory');
    expect(screen).toContain('ls-bad=2');
  });

  it('filters lots by market with --market and shows each lot’s market', async () => {
    terminal.typeLine('clear');
    expect(waxpeerLots).toBeGreaterThan(0);
    let screen = await run(
      `${cli} p2p lots ls --market waxpeer --all --json | grep -c '"platform": "waxpeer"'`,
      'wax-json',
    );
    expect(screen).toContain(`\n${waxpeerLots}\n`);
    screen = await run(`${cli} p2p lots ls --market tm --status on_sale | grep -c '\\btm\\b'`, 'tm-rows');
    expect(screen).toContain(`\n${LISTED}\n`);
    screen = await run(`${cli} p2p lots ls --market steam`, 'bad-market');
    expect(screen).toContain('Unknown value "steam"; known: tm, waxpeer');
    expect(screen).toContain('bad-market=2');
  });

  it('reprices only the lots on sale on the markets given with --market, and not beside --ids', async () => {
    terminal.typeLine('clear');
    let screen = await run(`${cli} p2p reprice --market tm --strategy thresholds:90-110`, 'tm-preview');
    expect(screen).toMatch(new RegExp(`of ${LISTED}\\b`));
    expect(screen).toContain('tm-preview=0');
    // Nothing is on sale on Waxpeer here: the server finds no lot to reprice.
    screen = await run(`${cli} p2p reprice --market waxpeer --strategy thresholds:90-110`, 'wax-preview');
    expect(screen).toContain('No valid orders');
    expect(screen).not.toContain('wax-preview=0');
    screen = await run(`${cli} p2p reprice --market tm --ids ${listedIds[0]}`, 'market-ids');
    expect(screen).toContain('Pass --market without --ids or --group');
    expect(screen).toContain('market-ids=2');
  });

  it('previews by default, refuses a bad strategy, and asks before applying on a terminal', async () => {
    terminal.typeLine('clear');
    let screen = await run(`${cli} p2p reprice --strategy thresholds:90-110 --profile aggressive`, 'preview');
    // Every lot on sale is previewed and none fails; how many have a market price yet depends on whether an
    // earlier test of the file read the asks (the file runs shuffled).
    expect(screen).toMatch(/changed \d+, unchanged \d+, unavailable \d+, failed 0 of 4/);
    expect(screen).toContain('preview=0');
    screen = await run(`${cli} p2p reprice --strategy percent:5`, 'bad-strategy');
    expect(screen).toContain('Not a strategy: "percent:5"');
    expect(screen).toContain('bad-strategy=2');
    terminal.typeLine('clear');
    terminal.typeLine(`${cli} p2p reprice --strategy single:min --apply; echo "declined=$?"`);
    await terminal.waitFor(/Go ahead\? \[y\/N\]/, 60_000);
    terminal.typeLine('n');
    screen = await terminal.waitFor(/declined=\d+/, 30_000);
    expect(screen).toContain('Cancelled: nothing was changed');
    expect(screen).toContain('declined=2');
    screen = await run(`${cli} p2p reprice --apply < /dev/null > /dev/null`, 'no-yes');
    expect(screen).toContain('refused without confirmation');
    expect(screen).toContain('no-yes=2');
    screen = await run(`${cli} p2p reprice --apply --yes --json | grep -c '"status": "done"'`, 'applied');
    expect(screen).toContain('\n1\n');
  });

  it('imports prices with a per-line report and exit 3 on a partial import; sales stream as CSV', async () => {
    terminal.typeLine('clear');
    const file = join(configDir, 'prices.txt');
    writeFileSync(file, 'AK-47 | Redline (Field-Tested);12.5\nno separator here\n');
    let screen = await run(`${cli} p2p prices import ${file} --currency USD`, 'import');
    expect(screen).toContain('Imported 1 prices, failed 1');
    expect(screen).toContain('line 2');
    expect(screen).toContain('import=3');
    screen = await run(`${cli} p2p sales --from 2026-13-01`, 'bad-day');
    expect(screen).toContain('Not a day: "2026-13-01"');
    expect(screen).toContain('bad-day=2');
    screen = await run(`${cli} p2p sales --csv | head -1`, 'csv');
    expect(screen).toMatch(/sold/i);
    expect(screen).toContain('csv=0');
  });

  it('apply reprices the lots on sale and names in words the one whose listing is gone', async () => {
    const selection = { ids: listedIds };
    const strategy = { kind: 'percentOfThresholds' as const, lowBp: 10_000, highBp: 10_000 };
    await client.lots.setThresholds({ selection, min: '0.01', max: '100000' });
    // The market takes one price change per listing per spacing (a second here): wait until every listed lot may change.
    let changed = 0;
    for (let i = 0; i < 30 && changed < LISTED; i++) {
      const preview = await client.lots.repricePreview({
        selection,
        strategy,
        profile: 'aggressive',
        itemsLimit: 0,
      });
      changed = preview.summary.changed;
      if (changed < LISTED) await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(changed).toBe(LISTED);
    // One lot's listing is no longer on the market (sold or taken off elsewhere): apply reads the listings first,
    // sends no price for it and says why in words; the others are repriced.
    const gone = listedIds[0]!;
    await server.database.db.execute(`update lots set item_id = 'gone-${gone}' where id = ${gone}`);
    terminal.typeLine('clear');
    const out = join(configDir, 'apply.json');
    const err = join(configDir, 'apply.err');
    const screen = await run(
      `${cli} p2p reprice --ids ${listedIds.join(',')} --strategy thresholds:100-100 --profile aggressive --apply --yes --json > ${out} 2> ${err}`,
      'partial',
    );
    expect(screen).toContain('partial=0');
    const job = JSON.parse(readFileSync(out, 'utf8')) as {
      summary: { changed: number; unavailable: number; failed: number };
      items: { lotId: number; outcome: string; message: string; marketError: string | null }[];
    };
    expect(job.summary).toMatchObject({ changed: LISTED - 1, unavailable: 1, failed: 0 });
    expect(job.items.find((item) => item.lotId === gone)).toMatchObject({
      outcome: 'unavailable',
      message: 'The lot is no longer on the market: sold or delisted',
      marketError: null,
    });
  }, 240_000);
});
