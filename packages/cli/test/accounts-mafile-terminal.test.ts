import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ApiClient, createApiClient, MemoryTokenStore } from '@tradedeck/sdk/client';
import type { RunningServer } from '@tradedeck/server/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxImportSet } from '../../server/src/integrations/steam/sandbox/sandbox-import-set.ts';
import {
  SandboxWorld,
  sandboxMafileText,
} from '../../server/src/integrations/steam/sandbox/sandbox-world.ts';
import { CLI_DIR, cliCommand } from './helpers/cli-command.ts';
import { outboxCode, signedInUser, startCliServer } from './helpers/cli-server.ts';
import { writeSandboxSet } from './helpers/sandbox-set.ts';
import { shellQuote, TmuxSession } from './helpers/tmux.ts';
import { runCli } from './run-cli.ts';

const EMAIL = 'accounts-mafile@example.test';
const terminal = new TmuxSession(`tradedeck-mafile-${process.pid}`);
const dir = mkdtempSync(join(tmpdir(), 'tradedeck-mafile-term-'));
const world = new SandboxWorld();
let server: RunningServer;
let set: SandboxImportSet;
let client: ApiClient;
let cli = '';

beforeAll(async () => {
  server = await startCliServer({ mode: 'sandbox' });
  const { accessToken, env } = await signedInUser(server, EMAIL);
  client = createApiClient({
    baseUrl: server.url,
    language: () => 'en',
    tokenStore: new MemoryTokenStore({
      accessToken,
      expiresAt: new Date(Date.now() + 600_000).toISOString(),
    }),
  });
  set = await writeSandboxSet(join(dir, 'set'), 2, []);
  const pool = await runCli(['proxies', 'import', '-', '--tag', 'pool'], env, undefined, '10.7.0.1:8080\n');
  expect(pool.code).toBe(0);
  const imported = await runCli(
    ['accounts', 'import', '--mafiles', set.mafileDir, '--lines', set.linesFile].concat([
      '--mode',
      'distribute',
      '--proxy-tag',
      'pool',
      '--max-per-proxy',
      '5',
    ]),
    env,
  );
  expect(imported.code, imported.stderr).toBe(0);
  cli = cliCommand({ configDir: join(dir, 'config'), server: server.url, token: accessToken });
}, 120_000);

afterAll(async () => {
  terminal.kill();
  await server?.stop();
});

describe('tradedeck accounts mafile in a real terminal (tmux, sandbox mode)', () => {
  it('replaces the maFile after the second factor, keeps proxy and tags, and refuses wrong files', async () => {
    const [bot, other] = set.accounts;
    const id = (
      await client.steamAccounts.query({ searchString: bot!.login, pages: { page: 1, pageSize: 10 } })
    ).items[0]!.id;
    await client.steamAccounts.addTag({ id, tag: { id: 0, name: 'Farm' } });
    const before = await client.steamAccounts.get({ id });

    // A renewed file without identity_secret (the SteamID stays a bare 17-digit number, as SDA writes it).
    const renewed = sandboxMafileText(bot!, world.seed).replace(/\n\s*"identity_secret": "[^"]*",/, '');
    const files = {
      renewed: join(dir, 'renewed.maFile'),
      other: join(dir, 'other.maFile'),
      broken: join(dir, 'broken.maFile'),
    };
    writeFileSync(files.renewed, renewed);
    writeFileSync(files.other, sandboxMafileText(other!, world.seed));
    writeFileSync(files.broken, '{"account_name": "x"');
    const script = [
      `${cli} accounts mafile ${bot!.login} ${shellQuote(files.renewed)}; echo "renewed-exit=$?"`,
      `${cli} accounts mafile ${bot!.login} ${shellQuote(files.other)}; echo "other-exit=$?"`,
      `${cli} accounts mafile ${bot!.login} ${shellQuote(files.broken)}; echo "broken-exit=$?"`,
      'sleep 60',
    ].join('; ');
    terminal.start(`bash -c ${shellQuote(script)}`, CLI_DIR, { width: 200, height: 50 });

    await terminal.waitFor(/Code from the e-mail/, 60_000);
    expect(terminal.screen()).toContain('This reveals or replaces secrets');
    terminal.typeLine(await outboxCode(server, EMAIL));
    const screen = await terminal.waitFor(/broken-exit=\d+/, 60_000);

    expect(screen).toContain('[sandbox] the server simulates Steam');
    expect(screen).toContain(`${bot!.login}: maFile replaced (stored: shared_secret, revocation_code)`);
    expect(screen).toContain('renewed-exit=0');
    expect(screen).toContain(
      `The maFile belongs to another account: the file is for ${other!.login}, SteamID ${other!.steamId}, this account is ${bot!.login}`,
    );
    expect(screen).toContain('other-exit=1');
    expect(screen).toContain(`${files.broken}: The file is not valid JSON`);
    expect(screen).toContain('broken-exit=1');

    const after = await client.steamAccounts.get({ id });
    expect(after.proxy).toEqual(before.proxy);
    expect(after.tags.map((tag) => tag.name)).toEqual(['Farm']);
    expect(await client.steamAccounts.credentialsStatus({ id })).toMatchObject({
      hasSharedSecret: true,
      hasIdentitySecret: false,
    });
  }, 150_000);
});
