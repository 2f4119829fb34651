import { execFileSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApiClient, MemoryTokenStore } from '@tradedeck/sdk/client';
import { loadConfig } from '@tradedeck/server/config';
import { type RunningServer, startServer } from '@tradedeck/server/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../../server/src/security/totp.ts';
import { outboxCode, outboxLink } from './helpers/cli-server.ts';
import { freshConfigDir } from './run-cli.ts';

const PASSWORD = 'Quartz-Lantern-42';
const session = `tradedeck-login-${process.pid}`;
let server: RunningServer;
let secret = '';

const tmux = (...args: string[]) => execFileSync('tmux', args, { encoding: 'utf8' });
const pane = () => tmux('capture-pane', '-p', '-t', session);

async function waitForPane(pattern: RegExp, timeoutMs = 20_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const text = pane();
    if (pattern.test(text)) return text;
    if (Date.now() > deadline) throw new Error(`terminal never showed ${pattern}:\n${text}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  server = await startServer({ ...loadConfig({}), port: 0, dataDir: 'memory://', logLevel: 'silent' });
  const client = createApiClient({
    baseUrl: server.url,
    tokenStore: new MemoryTokenStore(),
    language: () => 'en',
    // Enrolment asks for a step-up: the code mailed to the account's address.
    onTwoFactorRequired: async () => ({ emailCode: await outboxCode(server, 'term@example.test') }),
  });
  await client.auth.register({ email: 'term@example.test', userName: 'term', password: PASSWORD });
  const link = new URL(await outboxLink(server, 'term@example.test'));
  await client.auth.confirmEmail({
    userId: link.searchParams.get('userId')!,
    code: link.searchParams.get('code')!,
  });
  client.tokens.set(await client.auth.login({ email: 'term@example.test', password: PASSWORD }));
  secret = (await client.user.getOtpKey()).secret;
  await client.user.setupAuthenticator({ enable: true, twoFactor: { totp: totpCode(secret, Date.now()) } });
});

afterAll(async () => {
  try {
    tmux('kill-session', '-t', session);
  } catch {
    // Already gone.
  }
  await server.stop();
});

describe('tradedeck login in a real terminal (tmux)', () => {
  it('asks for e-mail, a hidden password and the authenticator code, then signs in', async () => {
    const dir = freshConfigDir();
    const entry = fileURLToPath(new URL('../src/index.ts', import.meta.url));
    const command = `TRADEDECK_CONFIG_DIR=${dir} LANG=C.UTF-8 ${process.execPath} --import tsx ${entry} login --server ${server.url}; echo "exit=$?"; sleep 60`;
    tmux(
      'new-session',
      '-d',
      '-s',
      session,
      '-x',
      '150',
      '-y',
      '30',
      '-c',
      fileURLToPath(new URL('..', import.meta.url)),
      command,
    );

    await waitForPane(/E-mail:\s*$/m);
    tmux('send-keys', '-t', session, 'term@example.test', 'Enter');
    await waitForPane(/Password:\s*$/m);
    tmux('send-keys', '-t', session, PASSWORD, 'Enter');
    await waitForPane(/Code from the authenticator app \(or a recovery code XXXXX-XXXXX\):\s*$/m);
    // A code from the next time step: the enrolment code's step is already spent.
    tmux('send-keys', '-t', session, totpCode(secret, Date.now() + 30_000), 'Enter');
    const screen = await waitForPane(/exit=\d+/);

    expect(screen).toContain('Signed in as term <term@example.test> (admin)');
    expect(screen).toContain('exit=0');
    expect(screen).not.toContain(PASSWORD);
    const token = JSON.parse(readFileSync(join(dir, 'token.json'), 'utf8'));
    expect(token.accessToken).toMatch(/^ey/);
    expect(statSync(join(dir, 'token.json')).mode & 0o777).toBe(0o600);
  });
});
