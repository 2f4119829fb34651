import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApiClient } from '@tradedeck/sdk/client';
import type { RunningServer } from '@tradedeck/server/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxWorld } from '../../server/src/integrations/steam/index.ts';
import { CLI_DIR, cliCommand } from './helpers/cli-command.ts';
import { outboxCode, signedInUser, startCliServer } from './helpers/cli-server.ts';
import { addSandboxAccounts, sandboxMarketKey } from './helpers/sandbox-accounts.ts';
import { TmuxSession } from './helpers/tmux.ts';

const terminal = new TmuxSession(`tradedeck-p2p-${process.pid}`);
const configDir = mkdtempSync(join(tmpdir(), 'tradedeck-p2p-term-'));
const world = new SandboxWorld();
const [alice, bob] = world.healthyAccounts(2, 3701);
let server: RunningServer;
let cli = '';

beforeAll(async () => {
  server = await startCliServer({ mode: 'sandbox' });
  const { accessToken } = await signedInUser(server, 'p2p-terminal@example.test');
  const client = createApiClient({ baseUrl: server.url, language: () => 'en' });
  client.tokens.set({ accessToken, expiresAt: new Date(Date.now() + 600_000).toISOString() });
  await addSandboxAccounts(client, [alice!, bob!], '10.61.0');
  cli = cliCommand({ configDir, server: server.url, token: accessToken });
}, 120_000);

afterAll(async () => {
  terminal.kill();
  await server?.stop();
});

/** Runs one command line at the shell prompt and waits for its exit code, answered as `<mark>=<code>`. */
async function run(line: string, mark: string, timeoutMs = 60_000): Promise<string> {
  terminal.typeLine(`${line}; echo "${mark}=$?"`);
  return terminal.waitFor(new RegExp(`${mark}=\\d+`), timeoutMs);
}

describe('tradedeck p2p accounts in a real terminal (tmux, sandbox market)', () => {
  it('adds with a hidden prompt and from stdin, starts, watches them go online and stops them', async () => {
    terminal.start('bash --norc --noprofile', CLI_DIR, { width: 170, height: 50 });
    await terminal.waitFor(/\$ ?$/m, 10_000).catch(() => {});

    // The payment password is asked without echo.
    terminal.typeLine(
      `${cli} p2p accounts add ${alice!.login} --api-key ${sandboxMarketKey(alice!.login)} --modules trading,scanner; echo "add-alice=$?"`,
    );
    await terminal.waitFor(/Payment password:/, 60_000);
    terminal.typeLine('pay-secret-1');
    // Connecting a key is API management: the second factor is asked, naming it.
    await terminal.waitFor(/Code from the e-mail/, 60_000);
    expect(terminal.screen()).toContain('Managing marketplace API keys');
    terminal.typeLine(await outboxCode(server, 'p2p-terminal@example.test'));
    let screen = await terminal.waitFor(/add-alice=\d+/, 60_000);
    expect(screen).toContain('add-alice=0');
    expect(screen).toContain(`${alice!.login} is connected to the market`);
    expect(screen).not.toContain('pay-secret-1');

    // From standard input for scripts; as an argument it is refused (exit 2) before anything is sent.
    screen = await run(
      `${cli} p2p accounts add ${bob!.login} --api-key ${sandboxMarketKey(bob!.login)} --payment-password nope-nope`,
      'add-argument',
    );
    expect(screen).toContain('The payment password is never an argument');
    expect(screen).toContain('add-argument=2');
    screen = await run(
      `printf 'pay-secret-2\\n' | ${cli} p2p accounts add ${bob!.login} --api-key ${sandboxMarketKey(bob!.login)} --payment-password-stdin`,
      'add-bob',
    );
    expect(screen).toContain('add-bob=0');

    screen = await run(`${cli} p2p accounts start --all`, 'start');
    expect(screen).toContain('Started: 2 of 2 accounts');
    expect(screen).toContain('start=0');

    // The live view follows the seller hub until both are online on the market.
    const frames: string[] = [];
    terminal.typeLine(`${cli} p2p accounts watch --until-online --timeout 90; echo "watch=$?"`);
    screen = await terminal.waitFor(/watch=\d+/, 100_000, (text) => frames.push(text));
    expect(screen).toContain('Every watched account is online');
    expect(screen).toContain('watch=0');
    expect(frames.some((text) => /Watching 2 accounts/.test(text))).toBe(true);
    expect(screen).toMatch(new RegExp(`${alice!.login}\\s+running\\s+online`));

    // Piped, the list is tab-separated rows.
    screen = await run(`${cli} p2p accounts ls | cat`, 'ls');
    expect(screen).toMatch(new RegExp(`${bob!.login}\\s+running\\s+online`));

    // A bulk stop asks first, naming the accounts; a "no" changes nothing (exit 2). --yes answers for scripts,
    // and piped output is one JSON line per account.
    terminal.typeLine(`${cli} p2p accounts stop --all; echo "stop-declined=$?"`);
    screen = await terminal.waitFor(/Go ahead\? \[y\/N\]/, 60_000);
    expect(screen).toContain('Stop 2 seller accounts:');
    expect(screen).toContain(`${alice!.login} (id `);
    terminal.typeLine('n');
    screen = await terminal.waitFor(/stop-declined=\d+/, 60_000);
    expect(screen).toContain('Cancelled: nothing was changed');
    expect(screen).toContain('stop-declined=2');
    screen = await run(`${cli} p2p accounts stop --all --yes | grep -c '"ok":true'`, 'stop');
    expect(screen).toMatch(/\n2\n/);
    expect(screen).toContain('Stop complete: every account is stopped');
    expect(screen).toContain('stop=0');

    screen = await run(
      `${cli} p2p accounts ls --status stopped --json | grep -c '"status": "stopped"'`,
      'ls-stopped',
    );
    expect(screen).toMatch(/\n2\nls-stopped=0/);
  }, 300_000);
});
