import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RunningServer } from '@tradedeck/server/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { steamguardCliFolder } from '../../sdk/test/steam/steamguard-cli-folder.ts';
import {
  SandboxWorld,
  sandboxAccountLine,
  sandboxMafileText,
} from '../../server/src/integrations/steam/sandbox/sandbox-world.ts';
import { CLI_DIR, cliCommand } from './helpers/cli-command.ts';
import { signedInUser, startCliServer } from './helpers/cli-server.ts';
import { shellQuote, TmuxSession } from './helpers/tmux.ts';
import { runCli } from './run-cli.ts';

const PASSKEY = 'tmux passkey ✓';
const FIXTURES = fileURLToPath(new URL('../../sdk/test/steam/fixtures/', import.meta.url));
const terminal = new TmuxSession(`tradedeck-passkey-${process.pid}`);
const home = mkdtempSync(join(tmpdir(), 'tradedeck-sgcli-home-'));
const world = new SandboxWorld();
const accounts = world.healthyAccounts(2);
let server: RunningServer;
let env: Record<string, string>;
let accessToken = '';

/** Types text into the terminal as keystrokes (literally), then Enter. */
const typeLine = (text: string) => {
  execFileSync('tmux', ['send-keys', '-t', terminal.name, '-l', text]);
  execFileSync('tmux', ['send-keys', '-t', terminal.name, 'Enter']);
};

beforeAll(async () => {
  server = await startCliServer({ mode: 'sandbox' });
  ({ env, accessToken } = await signedInUser(server, 'passkey@example.test'));
  // steamguard-cli's folder as it lies on disk, encrypted with its default scheme (Argon2id).
  const folder = join(home, '.config', 'steamguard-cli', 'maFiles');
  mkdirSync(folder, { recursive: true });
  const files = steamguardCliFolder(
    accounts.map((account) => ({
      login: account.login,
      steamId: account.steamId,
      text: sandboxMafileText(account, world.seed),
    })),
    'Argon2idAes256',
    PASSKEY,
  );
  for (const file of files) writeFileSync(join(folder, file.name), file.data);
  writeFileSync(
    join(home, 'accounts.txt'),
    `${accounts.map((account, i) => `${sandboxAccountLine(account)}:10.9.0.${i + 1}:3128`).join('\n')}\n`,
  );
});

afterAll(async () => {
  terminal.kill();
  await server?.stop();
});

describe('tradedeck accounts import: encrypted folders and the passkey', () => {
  it('imports a steamguard-cli folder in a real terminal, the passkey typed at the prompt without echo', async () => {
    const cli = cliCommand({ configDir: join(home, 'tradedeck'), server: server.url, token: accessToken });
    const script = [
      // The folder is named as a trader would type it: `~` is this test's home.
      `export HOME=${shellQuote(home)}`,
      `${cli} accounts import --mafiles ~/.config/steamguard-cli/maFiles --lines ~/accounts.txt; echo "import-exit=$?"`,
      'sleep 60',
    ].join('; ');
    terminal.start(`bash -c ${shellQuote(script)}`, CLI_DIR, {
      width: 160,
      height: 40,
    });
    await terminal.waitFor(/Passkey of the encrypted maFiles: *$/m, 60_000);
    typeLine('wrong passkey');
    await terminal.waitFor(/Wrong passkey; try again[\s\S]*Passkey of the encrypted maFiles: *$/m, 60_000);
    typeLine(PASSKEY);
    const screen = await terminal.waitFor(/import-exit=\d+/, 100_000);
    expect(screen).not.toContain(PASSKEY);
    expect(screen).not.toContain('wrong passkey');
    for (const account of accounts) expect(screen).toContain(`${account.login}: added`);
    expect(screen).toContain('Added 2 of 2 accounts; failed 0');
    expect(screen).toContain('import-exit=0');
  }, 150_000);

  it('asks again after a wrong passkey, reads --passkey-stdin, and never takes the passkey as an argument', async () => {
    const argon = join(FIXTURES, 'steamguard-cli', 'argon2');
    const asked = await runCli(['accounts', 'import', '--mafiles', argon], env, [
      'not-it',
      'fixture-passkey',
    ]);
    expect(asked.prompts).toEqual([
      'Passkey of the encrypted maFiles: ',
      'Passkey of the encrypted maFiles: ',
    ]);
    expect(asked.stderr).toContain('Wrong passkey; try again');
    expect(asked.stderr).not.toContain('Invalid maFiles');
    expect(asked.stdout.trim().split('\n').sort()).toEqual([
      'fixture_cli_argon_a: Password not set',
      'fixture_cli_argon_b: Password not set',
    ]);

    const piped = await runCli(
      ['accounts', 'import', '--mafiles', join(FIXTURES, 'steamguard-cli', 'legacy'), '--passkey-stdin'],
      env,
      undefined,
      'fixture-passkey\n',
    );
    expect(piped.stdout.trim().split('\n').sort()).toEqual([
      'fixture_cli_legacy_a: Password not set',
      'fixture_cli_legacy_b: Password not set',
    ]);

    const argument = await runCli(
      ['accounts', 'import', '--mafiles', argon, '--passkey', 'fixture-passkey'],
      env,
    );
    expect(argument.code).toBe(2);
    expect(argument.stderr).toContain('The passkey is never taken as an argument');
  }, 60_000);

  it('reads a WinAuth export: one row per otpauth:// line, each refused line named', async () => {
    const result = await runCli(
      ['accounts', 'import', '--mafiles', join(FIXTURES, 'winauth', 'winauth-export.txt')],
      env,
    );
    expect(result.stdout.trim().split('\n').sort()).toEqual([
      'fixture_winauth_bare: Password not set',
      'fixture_winauth_damaged_identity: Password not set',
      'fixture_winauth_full: Password not set',
    ]);
    expect(result.stderr).toContain(
      'winauth-export.txt#4: The otpauth:// link is not for a Steam authenticator',
    );
    expect(result.stderr).toContain(
      'winauth-export.txt#6: The line is not an otpauth://totp/ link of a WinAuth export',
    );
  });
});
