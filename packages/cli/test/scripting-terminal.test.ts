import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunningServer } from '@tradedeck/server/server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CLI_DIR, cliCommand } from './helpers/cli-command.ts';
import { signedInUser, startCliServer } from './helpers/cli-server.ts';
import { distributeImportArgs, writeSandboxSet } from './helpers/sandbox-set.ts';
import { shellQuote, TmuxSession } from './helpers/tmux.ts';
import { runCli } from './run-cli.ts';

const terminal = new TmuxSession(`tradedeck-scripting-${process.pid}`);
const dir = mkdtempSync(join(tmpdir(), 'tradedeck-scripting-'));
let server: RunningServer;
let env: Record<string, string>;
let cli = '';

beforeAll(async () => {
  server = await startCliServer({ mode: 'sandbox' });
  const signed = await signedInUser(server, 'scripting@example.test');
  env = { ...signed.env, TRADEDECK_CONFIG_DIR: dir };
  cli = cliCommand({ configDir: dir, server: server.url, token: signed.accessToken });
});
afterEach(() => terminal.kill());
afterAll(() => server?.stop());

const run = (lines: string[]) =>
  terminal.start(`bash -c ${shellQuote([...lines, 'sleep 60'].join('; '))}`, CLI_DIR, {
    width: 160,
    height: 50,
  });

describe('destructive commands in a real terminal (tmux)', () => {
  it('ask naming what goes, take "n" as no and "y" as yes; refuse without a terminal; --yes skips the question', async () => {
    const imported = await runCli(
      ['proxies', 'import', '-', '--tag', 'doomed'],
      env,
      undefined,
      '10.20.0.1:8080\n10.20.0.2:8080\n10.20.0.3:8080\n',
    );
    expect(imported.code).toBe(0);
    run([
      `${cli} proxies rm --tag doomed; echo "no-exit=$?"`,
      `${cli} proxies rm --tag doomed < /dev/null; echo "refused-exit=$?"`,
      `${cli} proxies rm --tag doomed; echo "yes-exit=$?"`,
    ]);
    const asked = await terminal.waitFor(/Go ahead\? \[y\/N\]/);
    expect(asked).toContain('Delete 3 proxies:');
    for (const address of ['10.20.0.1:8080', '10.20.0.2:8080', '10.20.0.3:8080'])
      expect(asked).toContain(address);
    terminal.typeLine('n');
    const declined = await terminal.waitFor(/refused-exit=\d+[\s\S]*Go ahead\?/);
    expect(declined).toContain('Cancelled: nothing was changed');
    expect(declined).toContain('no-exit=2');
    expect(declined).toContain(
      'Delete 3 proxies: refused without confirmation. There is no terminal to ask on; pass --yes to go ahead',
    );
    expect(declined).toContain('refused-exit=2');
    terminal.typeLine('y');
    const done = await terminal.waitFor(/yes-exit=\d+/);
    expect(done).toContain('Deleted 3');
    expect(done).toContain('yes-exit=0');

    const again = await runCli(
      ['proxies', 'import', '-', '--tag', 'doomed'],
      env,
      undefined,
      '10.20.0.9:80\n',
    );
    expect(again.code).toBe(0);
    const scripted = await runCli(['proxies', 'rm', '--tag', 'doomed', '--yes', '--json'], env);
    expect(scripted.code).toBe(0);
    expect(JSON.parse(scripted.stdout).succeededIds).toHaveLength(1);
  }, 60_000);
});

describe('lists in a pipe (tmux)', () => {
  it('--all streams all 1,000 rows into wc -l; one page says "N of M" on stderr', async () => {
    const lines = Array.from({ length: 1000 }, (_, i) => `10.30.${i >> 8}.${i & 255}:3128`).join('\n');
    const imported = await runCli(['proxies', 'import', '-', '--tag', 'many'], env, undefined, lines);
    expect(imported.code).toBe(0);
    run([
      `echo "all=$(${cli} proxies ls --tag many --all | wc -l)"`,
      `echo "page=$(${cli} proxies ls --tag many | wc -l)"`,
    ]);
    const screen = await terminal.waitFor(/page=\s*\d+/);
    // One line of column names, then one line per proxy.
    expect(screen).toMatch(/all=\s*1001\b/);
    expect(screen).toMatch(/page=\s*51\b/);
    expect(screen).toContain('Printed 50 of 1000 rows; pass --all for every row');
    expect(screen.match(/Printed \d+ of/g)).toHaveLength(1);
  }, 60_000);
});

describe('accounts import exit codes in a real terminal (tmux, sandbox mode)', () => {
  it('exits 3 when some accounts failed; a rerun reports the added ones as there and keeps the retry list', async () => {
    const set = await writeSandboxSet(join(dir, 'set'), 2, ['sandbox_invalid_password']);
    const pool = await runCli(
      ['proxies', 'import', '-', '--tag', 'pool'],
      env,
      undefined,
      '10.40.0.1:80\n10.40.0.2:80\n10.40.0.3:80\n',
    );
    expect(pool.code).toBe(0);
    const importCommand = `${cli} accounts import --mafiles ${set.mafileDir} --lines ${set.linesFile} --mode distribute --proxy-tag pool`;
    run([
      `${importCommand}; echo "first-exit=$?"`,
      `${importCommand}; echo "rerun-exit=$?"`,
      `${importCommand} --retry-failed --json | grep -c '"login"'; echo "retry-exit=$?"`,
    ]);
    const screen = await terminal.waitFor(/retry-exit=\d+/, 60_000);
    const [first, rerun] = screen.split(/first-exit=\d+/);
    expect(first).toContain('Added 2 of 3 accounts; failed 1');
    expect(screen).toContain('first-exit=3');
    const healthy = set.accounts.filter((a) => a.login.startsWith('sandbox_bot_')).map((a) => a.login);
    for (const login of healthy) expect(rerun).toContain(`${login}: already added, unchanged`);
    expect(rerun).toContain('sandbox_invalid_password: Invalid password');
    expect(rerun).toContain('Added 0 of 3 accounts, 2 already there unchanged; failed 1');
    // The summary is printed once per run.
    expect(rerun!.split('rerun-exit')[0]!.match(/Added \d+ of 3/g)).toHaveLength(1);
    expect(screen).toContain('rerun-exit=3');
    // The retry sends only the account that failed: one login in the answer.
    expect(screen).toMatch(/^1\s*$/m);
  }, 90_000);
});

describe('accounts code from the bin in a real terminal (tmux, sandbox mode)', () => {
  it('prints the code of an account named in any case; an unknown login exits 1 with the reason in Russian', async () => {
    const proxy = await runCli(['proxies', 'import', '-', '--tag', 'code'], env, undefined, '10.41.0.1:80\n');
    expect(proxy.code).toBe(0);
    const set = await writeSandboxSet(join(dir, 'code-set'), 1, []);
    const added = await runCli(distributeImportArgs(set, 'code'), env);
    expect(added.code, added.stderr).toBe(0);
    const login = set.accounts[0]!.login;
    run([
      `${cli} accounts code ${login.toUpperCase()} --json; echo "code-exit=$?"`,
      `${cli} --lang ru accounts code nobody_here; echo "unknown-exit=$?"`,
    ]);
    const screen = await terminal.waitFor(/unknown-exit=\d+/, 60_000);
    expect(screen).toContain(`"login": "${login.toUpperCase()}"`);
    expect(screen).toMatch(/"code": "[2-9A-Z]{5}"/);
    expect(screen).toContain('[sandbox] the server simulates Steam');
    expect(screen).toContain('code-exit=0');
    expect(screen).toContain('Нет аккаунта Steam "nobody_here"');
    expect(screen).toContain('unknown-exit=1');
  }, 90_000);
});
