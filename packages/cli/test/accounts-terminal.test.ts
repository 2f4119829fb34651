import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunningServer } from '@tradedeck/server/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxImportSet } from '../../server/src/integrations/steam/sandbox/sandbox-import-set.ts';
import { CLI_DIR, cliCommand } from './helpers/cli-command.ts';
import { signedInUser, startCliServer } from './helpers/cli-server.ts';
import { writeSandboxSet } from './helpers/sandbox-set.ts';
import { shellQuote, TmuxSession } from './helpers/tmux.ts';

const terminal = new TmuxSession(`tradedeck-accounts-${process.pid}`);
const dir = mkdtempSync(join(tmpdir(), 'tradedeck-accounts-term-'));
let server: RunningServer;
let set: SandboxImportSet;
let cli = '';

beforeAll(async () => {
  server = await startCliServer({ mode: 'sandbox' });
  const { accessToken } = await signedInUser(server, 'accounts-terminal@example.test');
  set = await writeSandboxSet(dir, 6, [
    'sandbox_invalid_password',
    'sandbox_email_guard',
    'sandbox_no_proxy',
  ]);
  cli = cliCommand({ configDir: dir, server: server.url, token: accessToken });
});

afterAll(async () => {
  terminal.kill();
  await server?.stop();
});

describe('tradedeck accounts import in a real terminal (tmux, sandbox mode)', () => {
  it('shows the sandbox badge, the live progress and a per-account report', async () => {
    const script = [
      `seq 1 12 | sed 's/^/10.6.0./; s/$/:8080/' | ${cli} proxies import - --tag pool`,
      `${cli} accounts import --mafiles ${set.mafileDir} --lines ${set.linesFile} --mode distribute --proxy-tag pool --max-per-proxy 1 --chunk 3; echo "import-exit=$?"`,
      'sleep 60',
    ].join('; ');
    terminal.start(`bash -c ${shellQuote(script)}`, CLI_DIR, {
      width: 160,
      height: 60,
    });
    const screen = await terminal.waitFor(/import-exit=\d+/, 100_000);
    const total = set.accounts.length;
    expect(screen).toContain('[sandbox] the server simulates Steam');
    // The live view's last frame stays on screen.
    expect(screen).toMatch(new RegExp(`█{30} Added \\d+, failed \\d+ of ${total}`));
    for (const account of set.accounts.filter((a) => a.login.startsWith('sandbox_bot_'))) {
      expect(screen).toContain(`${account.login}: added`);
    }
    expect(screen).toContain('sandbox_invalid_password: Invalid password');
    expect(screen).toContain('sandbox_email_guard: Invalid Steam Guard type (not mobile)');
    expect(screen).toMatch(new RegExp(`Added \\d+ of ${total} accounts; failed \\d+`));
    expect(screen).toContain('import-exit=3');
  }, 120_000);
});
