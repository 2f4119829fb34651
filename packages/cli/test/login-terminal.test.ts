import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createApiClient, MemoryTokenStore } from '@tradedeck/sdk/client';
import type { RunningServer } from '@tradedeck/server/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../../server/src/security/totp.ts';
import { bareCliCommand, CLI_DIR } from './helpers/cli-command.ts';
import { outboxCode, outboxLink, startCliServer } from './helpers/cli-server.ts';
import { TmuxSession } from './helpers/tmux.ts';
import { freshConfigDir } from './run-cli.ts';

const PASSWORD = 'Quartz-Lantern-42';
const terminal = new TmuxSession(`tradedeck-login-${process.pid}`);
let server: RunningServer;
let secret = '';
let recoveryCodes: string[] = [];

beforeAll(async () => {
  server = await startCliServer();
  const client = createApiClient({
    baseUrl: server.url,
    tokenStore: new MemoryTokenStore(),
    language: () => 'en',
    // Enrolment asks for a step-up: the code mailed to the account's address.
    onTwoFactorRequired: async () => ({
      codes: { emailCode: await outboxCode(server, 'term@example.test') },
    }),
  });
  await client.auth.register({ email: 'term@example.test', userName: 'term', password: PASSWORD });
  const link = new URL(await outboxLink(server, 'term@example.test'));
  await client.auth.confirmEmail({
    userId: link.searchParams.get('userId')!,
    code: link.searchParams.get('code')!,
  });
  client.tokens.set(await client.auth.login({ email: 'term@example.test', password: PASSWORD }));
  secret = (await client.user.getOtpKey()).secret;
  const enabled = await client.user.setupAuthenticator({
    enable: true,
    twoFactor: { codes: { totp: totpCode(secret, Date.now()) } },
  });
  recoveryCodes = enabled.recoveryCodes ?? [];
});

afterAll(async () => {
  terminal.kill();
  await server.stop();
});

describe('tradedeck login in a real terminal (tmux)', () => {
  it('asks for e-mail, a hidden password and the authenticator code, then signs in', async () => {
    const dir = freshConfigDir();
    const command = `${bareCliCommand(dir)} login --server ${server.url}; echo "exit=$?"; sleep 60`;
    terminal.start(command, CLI_DIR, { width: 150, height: 30 });

    await terminal.waitFor(/E-mail:\s*$/m);
    terminal.typeLine('term@example.test');
    await terminal.waitFor(/Password:\s*$/m);
    terminal.typeLine(PASSWORD);
    await terminal.waitFor(/Code from the authenticator app \(or a recovery code XXXXX-XXXXX\):\s*$/m);
    // A code from the next time step: the enrolment code's step is already spent.
    terminal.typeLine(totpCode(secret, Date.now() + 30_000));
    const screen = await terminal.waitFor(/exit=\d+/);

    expect(screen).toContain('Signed in as term <term@example.test> (admin)');
    expect(screen).toContain('exit=0');
    expect(screen).not.toContain(PASSWORD);
    const token = JSON.parse(readFileSync(join(dir, 'token.json'), 'utf8'));
    expect(token.accessToken).toMatch(/^ey/);
    expect(statSync(join(dir, 'token.json')).mode & 0o777).toBe(0o600);
  }, 90_000);

  it('edits the hidden password with arrows, Home/End, Ctrl+U and Backspace over an emoji; never types the keys into it', async () => {
    const dir = freshConfigDir();
    const command = `${bareCliCommand(dir)} login --server ${server.url} --email term@example.test; echo "exit=$?"; sleep 60`;
    terminal.kill();
    terminal.start(command, CLI_DIR, { width: 150, height: 30 });
    await terminal.waitFor(/Password:\s*$/m);
    terminal.press(['some garbage'], true);
    terminal.press(['C-u']);
    // "Quartz-Lantern42" and an emoji; the emoji is taken back, the cursor goes two left, "-" goes in.
    terminal.press(['Quartz-Lantern42🚀'], true);
    terminal.press(['BSpace', 'Left', 'Left']);
    terminal.press(['-'], true);
    terminal.press(['Home', 'Right', 'End', 'Up', 'Down', 'Enter']);
    await terminal.waitFor(
      /Code from the authenticator app \(or a recovery code XXXXX-XXXXX\):\s*$/m,
      10_000,
    );
    // A recovery code: the authenticator's next code is spent by the test before.
    expect(recoveryCodes.length).toBeGreaterThan(0);
    terminal.typeLine(recoveryCodes[0]!);
    const screen = await terminal.waitFor(/exit=\d+/);
    expect(screen).toContain('Signed in as term <term@example.test> (admin)');
    expect(screen).toContain('exit=0');
    expect(screen).not.toContain('Quartz');
  }, 90_000);

  it('ends with a clear cancel on Ctrl+D at an empty password', async () => {
    const dir = freshConfigDir();
    const command = `${bareCliCommand(dir)} login --server ${server.url} --email term@example.test; echo "exit=$?"; sleep 60`;
    terminal.kill();
    terminal.start(command, CLI_DIR, { width: 150, height: 30 });
    await terminal.waitFor(/Password:\s*$/m);
    terminal.press(['C-d']);
    const screen = await terminal.waitFor(/exit=\d+/);
    expect(screen).toContain('tradedeck: Cancelled at the prompt: nothing was sent');
    expect(screen).toContain('exit=2');
  }, 90_000);
});
