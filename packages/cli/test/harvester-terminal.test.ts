import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ApiClient, createApiClient } from '@tradedeck/sdk/client';
import type { HarvesterSession } from '@tradedeck/sdk/contract';
import type { RunningServer } from '@tradedeck/server/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxWorld } from '../../server/src/integrations/steam/index.ts';
import { cliProcess } from './helpers/cli-command.ts';
import { signedInUser, startCliServer } from './helpers/cli-server.ts';
import { addSandboxAccounts, until } from './helpers/sandbox-accounts.ts';
import { TcpRelay } from './helpers/tcp-relay.ts';
import { shellQuote, TmuxSession } from './helpers/tmux.ts';

const run = `${process.pid}-${Date.now()}`;
const terminal = new TmuxSession(`tradedeck-harvester-${run}`, `tradedeck-harvester-${run}`);
const piped = new TmuxSession(`tradedeck-harvester-pipe-${run}`, `tradedeck-harvester-${run}`);
const newest = new TmuxSession(`tradedeck-harvester-new-${run}`, `tradedeck-harvester-${run}`);
const headed = new TmuxSession(`tradedeck-harvester-head-${run}`, `tradedeck-harvester-${run}`);
const dir = mkdtempSync(join(tmpdir(), 'tradedeck-harvester-term-'));
const world = new SandboxWorld();
const SOURCES = world.healthyAccounts(3, 3601);
const [TARGET] = world.healthyAccounts(1, 3611);
// A source of its own for the piped run: the first run empties the others.
const [PIPED_SOURCE] = world.healthyAccounts(1, 3621);
const BANNED = world.find('sandbox_trade_ban')!;
let server: RunningServer;
let relay: TcpRelay;
let client: ApiClient;
let accessToken = '';
const ids = new Map<string, number>();

/** The watcher's waits: a loaded machine answers slowly, and a harvester run takes its time. */
const slowly = <T>(probe: () => Promise<T | null | false>) =>
  until(probe, { timeoutMs: 150_000, everyMs: 200 });

function cli(): string {
  const environment = [
    `TRADEDECK_CONFIG_DIR=${shellQuote(dir)}`,
    // Through the relay, so the connection can be cut while the server keeps running.
    `TRADEDECK_SERVER=${relay.url}`,
    `TRADEDECK_TOKEN=${accessToken}`,
    'LANG=C.UTF-8',
  ].join(' ');
  return `env -u CI ${environment} ${cliProcess()}`;
}

async function newSession(name: string, sources: readonly string[]): Promise<HarvesterSession> {
  return client.harvester.createSession({
    name,
    sources: { accountIds: sources.map((login) => ids.get(login)!), tagIds: [] },
    targets: { accountIds: [ids.get(TARGET!.login)!], tagIds: [] },
    targetWeights: [],
  });
}

const finished = (id: number) =>
  slowly(async () => {
    const session = await client.harvester.getSession({ id });
    return session.finishedAt !== null && session.status === 'idle' ? session : null;
  });

beforeAll(async () => {
  server = await startCliServer({ mode: 'sandbox' });
  relay = new TcpRelay({
    host: '127.0.0.1',
    port: new URL(server.url).port ? Number(new URL(server.url).port) : 80,
  });
  await relay.open();
  ({ accessToken } = await signedInUser(server, 'harvester-terminal@example.test'));
  // A loaded machine answers slowly; the test is about the watcher, not the server's speed.
  client = createApiClient({ baseUrl: server.url, language: () => 'en', timeoutMs: 120_000 });
  client.tokens.set({ accessToken, expiresAt: new Date(Date.now() + 3_600_000).toISOString() });
  const accounts = [...SOURCES, TARGET!, BANNED, PIPED_SOURCE!];
  const added = await addSandboxAccounts(client, accounts, '10.60.0');
  for (const [i, account] of accounts.entries()) ids.set(account.login, added[i]!);
  await client.harvester.createProfile({
    name: 'Everything',
    games: { mode: 'all', list: [] },
    giveBack: {
      tradingCards: true,
      emoticons: false,
      backgrounds: false,
      allowEmptyTrades: false,
      itemValueThreshold: { currency: 'USD', amount: 100 },
      maxReturnItems: 3,
      totalReturnValueLimit: { currency: 'USD', amount: 200 },
      itemTypePriority: ['tradingCards', 'emoticons', 'backgrounds'],
    },
    distribution: { mode: 'roundRobin', capPerTarget: null },
    maxItemPrice: null,
    maxItems: null,
  });
}, 120_000);

afterAll(async () => {
  terminal.kill();
  piped.kill();
  newest.kill();
  headed.kill();
  await relay?.drop();
  await server?.stop();
});

/** The finished watch screen, as tmux shows it, kept for the README. */
const CLI_LIVE_VIEW_CAPTURE = fileURLToPath(
  new URL('../../../docs/images/cli-harvester-watch.txt', import.meta.url),
);

describe('tradedeck harvester watch in a real terminal (tmux, sandbox mode)', () => {
  it('shows a running session’s transactions arriving, loses no event over a dropped connection, and quits on q', async () => {
    const session = await newSession('Farm sweep', [...SOURCES.map((a) => a.login), BANNED.login]);
    terminal.start(
      `bash -c ${shellQuote(`${cli()} harvester watch ${session.id}; echo "watch-exit=$?"; sleep 600`)}`,
      fileURLToPath(new URL('..', import.meta.url)),
      {
        width: 200,
        height: 50,
      },
    );
    await terminal.waitFor(/● live[\s\S]*Farm sweep\s+idle/, 60_000);
    await client.harvester.startSession({ id: session.id });

    // Transactions stream in: rows appear and the event count grows.
    const streaming = await terminal.waitFor(/events [1-9]\d*/, 90_000);
    expect(streaming).toMatch(/Farm sweep\s+(running|idle)/);
    expect(streaming).toMatch(/#\d+\s+sandbox_bot_36\d\d → sandbox_bot_3611 /);

    // The first pass ends with the banned source's transactions in error, as the server has them.
    const first = await finished(session.id);
    const firstCounts = first.counts as Record<string, number>;
    const total = Object.values(firstCounts).reduce((sum, n) => sum + n, 0);
    expect(firstCounts.error).toBeGreaterThan(0);
    const firstScreen = await terminal.waitFor(
      new RegExp(
        `Transactions of "Farm sweep": ${total}/${total} ended, ${firstCounts.completed} completed, ${firstCounts.error} errors`,
      ),
      60_000,
    );
    expect(firstScreen).toMatch(/sandbox_trade_ban → sandbox_bot_3611 .* error — .+ at \w+/);

    // The network between the watcher and the server goes away. Meanwhile the ban is lifted, the errored
    // transactions restarted and the session run again: every step of that happens while the watcher is cut off.
    await relay.drop();
    try {
      await terminal.waitFor(/reconnecting…/, 60_000);
      await client.steamTrading.sandboxLiftTradeCase({ id: ids.get(BANNED.login)! });
      const restarted = await client.harvester.restartTransactions({
        id: session.id,
        transactionIds: [],
        all: true,
      });
      expect(restarted.succeededIds).toHaveLength(firstCounts.error!);
      await client.harvester.startSession({ id: session.id });
      await slowly(async () => {
        const now = await client.harvester.getSession({ id: session.id });
        return now.status === 'idle' && now.counts.error === 0 && now.counts.completed === total ? now : null;
      });
    } finally {
      await relay.open();
    }

    // Back on line, the watcher resumes from its last event: what it heard, event by event (it does not read the
    // list again on a reconnect), equals what the server holds.
    const screen = await terminal.waitFor(
      new RegExp(
        `● live[\\s\\S]*Transactions of "Farm sweep": ${total}/${total} ended, ${total} completed, 0 errors`,
      ),
      120_000,
    );
    expect(screen).toMatch(/Farm sweep\s+idle\s+█+ \d+\/\d+\n/);
    // The README shows this screen as the CLI's live view; a run with UPDATE_SCREENSHOTS=1 rewrites it.
    if (process.env.UPDATE_SCREENSHOTS === '1')
      writeFileSync(CLI_LIVE_VIEW_CAPTURE, `${screen.replace(/[ \t]+$/gm, '').trimEnd()}\n`);

    terminal.press(['q']);
    expect(await terminal.waitFor(/watch-exit=\d+/, 20_000)).toContain('watch-exit=0');
  }, 300_000);

  it('prints one JSON line per event when piped', async () => {
    const session = await newSession('Piped sweep', [PIPED_SOURCE!.login]);
    piped.start(
      `bash -c ${shellQuote(`${cli()} harvester watch ${session.id} | cat`)}`,
      fileURLToPath(new URL('..', import.meta.url)),
      { width: 400, height: 60 },
    );
    await piped.waitFor(new RegExp(`Following sessions, session:${session.id} live`), 60_000);
    await client.harvester.startSession({ id: session.id });
    await finished(session.id);
    const screen = await piped.waitFor(/"event":"TransactionUpdated".*"status":"completed"/, 60_000);
    const lines = screen.split('\n').filter((line) => line.startsWith('{'));
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) {
      const event = JSON.parse(line) as { event: string; sourceId: string; version: number };
      expect(['TransactionUpdated', 'SessionUpdated', 'SessionsChanged']).toContain(event.event);
      expect(event.version).toBeGreaterThan(0);
    }
    expect(lines.some((line) => line.includes(`"sourceId":"session:${session.id}"`))).toBe(true);
  }, 240_000);

  it('moves its cursor to a session created while it watches (no id given)', async () => {
    const older = await newSession('Older sweep', [SOURCES[0]!.login]);
    newest.start(
      `bash -c ${shellQuote(`${cli()} harvester watch; echo "watch-exit=$?"; sleep 600`)}`,
      fileURLToPath(new URL('..', import.meta.url)),
      { width: 200, height: 50 },
    );
    await newest.waitFor(new RegExp(`● live[\\s\\S]*› +${older.id} Older sweep`), 60_000);
    const created = await newSession('Newer sweep', [SOURCES[1]!.login]);
    const screen = await newest.waitFor(new RegExp(`› +${created.id} Newer sweep`), 60_000);
    expect(screen).toContain('Transactions of "Newer sweep"');
    expect(screen).not.toMatch(/› +\d+ Older sweep/);
    newest.press(['q']);
    expect(await newest.waitFor(/watch-exit=\d+/, 20_000)).toContain('watch-exit=0');
  }, 120_000);

  it('ends quietly when the reader of its pipe goes away (| head)', async () => {
    headed.start(
      `bash -c ${shellQuote(`${cli()} harvester watch | head -n 1; echo "pipe-exit=\${PIPESTATUS[0]}"; sleep 600`)}`,
      fileURLToPath(new URL('..', import.meta.url)),
      { width: 400, height: 60 },
    );
    await headed.waitFor(/Following sessions/, 60_000);
    await newSession('Head sweep', [SOURCES[2]!.login]);
    // head has its line and exits; the next event the watcher writes meets the closed pipe.
    await headed.waitFor(/^\{"event":/m, 60_000);
    await newSession('After head', [SOURCES[2]!.login]);
    const screen = await headed.waitFor(/pipe-exit=\d+/, 60_000);
    expect(screen).toContain('pipe-exit=0');
    expect(screen).not.toMatch(/EPIPE|Error|at .*\.js/);
  }, 120_000);
});
