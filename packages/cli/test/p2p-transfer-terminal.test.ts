import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApiClient, MemoryTokenStore } from '@tradedeck/sdk/client';
import type { RunningServer } from '@tradedeck/server/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxPaymentPassword } from '../../server/src/integrations/market/index.ts';
import { SandboxWorld } from '../../server/src/integrations/steam/index.ts';
import { CLI_DIR, cliCommand } from './helpers/cli-command.ts';
import { outboxCode, signedInUser, startCliServer, TEST_PASSWORD } from './helpers/cli-server.ts';
import { addSandboxAccounts, sandboxMarketKey } from './helpers/sandbox-accounts.ts';
import { TmuxSession } from './helpers/tmux.ts';

const EMAIL = 'p2p-transfer@example.test';
const terminal = new TmuxSession(`tradedeck-transfer-${process.pid}`);
const configDir = mkdtempSync(join(tmpdir(), 'tradedeck-transfer-term-'));
const world = new SandboxWorld();
const [alice, bob] = world.healthyAccounts(2, 3801);
let server: RunningServer;
let cli = '';
/** How far the server's clock of tokens and codes runs ahead of the real one. */
let clockAhead = 0;

beforeAll(async () => {
  server = await startCliServer({ mode: 'sandbox' }, () => Date.now() + clockAhead);
  const { accessToken } = await signedInUser(server, EMAIL);
  // The accounts are connected from another session, so the CLI's own session still has to pass the second factor.
  const setup = createApiClient({
    baseUrl: server.url,
    language: () => 'en',
    tokenStore: new MemoryTokenStore(),
    onTwoFactorRequired: async () => ({ codes: { emailCode: await outboxCode(server, EMAIL) } }),
  });
  setup.tokens.set(await setup.auth.login({ email: EMAIL, password: TEST_PASSWORD }));
  const [aliceId, bobId] = await addSandboxAccounts(setup, [alice!, bob!], '10.62.0');
  for (const [account, steamAccountId, tmCurrency] of [
    [alice!, aliceId!, 'USD'],
    [bob!, bobId!, 'RUB'],
  ] as const) {
    await setup.p2p.create({
      steamAccountId,
      apiKey: sandboxMarketKey(account.login),
      paymentPassword: 'pay-secret-1',
      tmCurrency,
    });
  }
  cli = cliCommand({ configDir, server: server.url, token: accessToken });
}, 120_000);

afterAll(async () => {
  terminal.kill();
  await server?.stop();
});

describe('tradedeck p2p transfer in a real terminal (tmux, sandbox market)', () => {
  it('asks for the payment password, confirmation and the code, then answers --json for scripts', async () => {
    terminal.start('bash --norc --noprofile', CLI_DIR, { width: 170, height: 50 });
    await terminal.waitFor(/\$ ?$/m, 10_000).catch(() => {});
    const payPass = sandboxPaymentPassword(alice!.login, world.seed);

    // The form's rules first: nothing is asked for an amount above the balance.
    terminal.typeLine(
      `${cli} p2p transfer --from ${alice!.login} --to ${bob!.login} --amount 1000000 --api-key ${sandboxMarketKey(bob!.login)}; echo "too-much=$?"`,
    );
    let screen = await terminal.waitFor(/too-much=\d+/, 60_000);
    expect(screen).toContain('Insufficient balance');
    expect(screen).toContain('too-much=2');

    // The setup's code was used: the server mails at most one code a minute per user, so the CLI's challenge
    // mails a new one once the server's clock has moved past that minute.
    clockAhead = 61_000;
    const mailsBefore = await codeMails();
    terminal.typeLine(
      `${cli} p2p transfer --from ${alice!.login} --to ${bob!.login} --amount 10.50 --api-key ${sandboxMarketKey(bob!.login)} --remember-key; echo "sent=$?"`,
    );
    await terminal.waitFor(/Payment password:/, 60_000);
    terminal.typeLine(payPass);
    screen = await terminal.waitFor(/Go ahead\? \[y\/N\]/, 60_000);
    expect(screen).toContain("The accounts' currencies differ");
    expect(screen).toContain(`Transfer $10.50 from ${alice!.login} to ${bob!.login}`);
    terminal.typeLine('y');
    await terminal.waitFor(/Code from the e-mail/, 60_000);
    expect(terminal.screen()).toContain('Money or items leave your accounts');
    terminal.typeLine(await newCode(mailsBefore));
    screen = await terminal.waitFor(/sent=\d+/, 60_000);
    expect(screen).toContain('sent=0');
    // 10.500 USD at the sandbox's 92.5 RUB a dollar.
    expect(screen).toMatch(/Sent — \$10\.50, \S+ → \S+ \(received [^)]*971\.25[^)]*\)/);
    expect(screen).not.toContain(payPass);

    // Scripts: --yes answers the question, the saved key stands in, the password comes from stdin, JSON out.
    screen = await run(
      `printf '${payPass}\\n' | ${cli} p2p transfer --from ${alice!.login} --to ${bob!.login} --amount 1 --yes --json --payment-password-stdin | grep -c '"outcome": "sent"'`,
      'json',
    );
    expect(screen).toMatch(/\n1\njson=0/);

    // A wrong payment password is the market's refusal, exit 1.
    screen = await run(
      `printf 'wrong-pass-1\\n' | ${cli} p2p transfer --from ${alice!.login} --to ${bob!.login} --amount 1 --yes --payment-password-stdin`,
      'wrong',
    );
    expect(screen).toContain('Not sent: Wrong payment password');
    expect(screen).toContain('wrong=1');
  }, 300_000);
});

const codeMails = async (): Promise<number> => {
  const result = (await server.database.db.execute(
    `select count(*)::int as n from mail_outbox where recipient = '${EMAIL}' and subject ~ '[0-9]{6}'`,
  )) as unknown as { rows: Array<{ n: number }> };
  return Number(result.rows[0]?.n ?? 0);
};

/** The code of the step-up just asked: waits for a code mail newer than the ones counted before. */
async function newCode(before: number): Promise<string> {
  for (let i = 0; i < 200 && (await codeMails()) <= before; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return outboxCode(server, EMAIL);
}

async function run(line: string, mark: string, timeoutMs = 60_000): Promise<string> {
  terminal.typeLine(`${line}; echo "${mark}=$?"`);
  return terminal.waitFor(new RegExp(`${mark}=\\d+`), timeoutMs);
}
