import { createApiClient } from '@tradedeck/sdk/client';
import { loadConfig } from '@tradedeck/server/config';
import type { RunningServer } from '@tradedeck/server/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxMarket, sandboxMarketKey } from '../../server/src/integrations/market/index.ts';
import { SandboxWorld, sandboxMafileText } from '../../server/src/integrations/steam/index.ts';
import { outboxCode, signedInUser, startTemplateServer } from './helpers/cli-server.ts';
import { runCli } from './run-cli.ts';

const EMAIL = 'p2p-reset-error@example.test';
const world = new SandboxWorld();
/** The server's market, shared with the test: it bans the account from selling and lifts the ban. */
const market = new SandboxMarket(world);
const [seller] = world.healthyAccounts(1, 3801);
const key = sandboxMarketKey(seller!.login);
let server: RunningServer;
let env: Record<string, string>;

/** The account's TM status and reason as `ls --json` prints them. */
async function platformOf(): Promise<{ status: string; reason: string | null }> {
  const listed = await runCli(['p2p', 'accounts', 'ls', '--json'], env);
  const { items } = JSON.parse(listed.stdout) as {
    items: Array<{ login: string; platforms: Array<{ status: string; reason: string | null }> }>;
  };
  return items.find((item) => item.login === seller!.login)!.platforms[0]!;
}

async function until(probe: () => Promise<boolean>, what: string): Promise<void> {
  const end = Date.now() + 60_000;
  while (!(await probe())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

beforeAll(async () => {
  server = await startTemplateServer(
    { ...loadConfig({}), port: 0, dataDir: 'memory://', logLevel: 'silent', mode: 'sandbox' },
    undefined,
    { steam: { sandboxWorld: world }, market: { sandboxMarket: market } },
  );
  const signedIn = await signedInUser(server, EMAIL);
  env = signedIn.env;
  const client = createApiClient({ baseUrl: server.url, language: () => 'en' });
  client.tokens.set({
    accessToken: signedIn.accessToken,
    expiresAt: new Date(Date.now() + 600_000).toISOString(),
  });
  await client.steamAccounts.add({
    accounts: {
      '0': {
        login: seller!.login,
        password: seller!.password,
        mafile: sandboxMafileText(seller!),
        proxyData: { protocol: 'http', address: '10.62.0.1', port: 3128, username: null, password: null },
      },
    },
  });
  // Connecting the key asks the payment password and the second factor mailed to the user.
  const added = await runCli(['p2p', 'accounts', 'add', seller!.login, '--api-key', key], env, [
    'pay-secret-1',
    () => outboxCode(server, EMAIL),
  ]);
  expect(added.code, added.stderr).toBe(0);
  market.setSellingBan(key, true);
  const started = await runCli(['p2p', 'accounts', 'start', seller!.login], env);
  expect(started.code, started.stderr).toBe(0);
  await until(async () => (await platformOf()).status === 'error', 'the platform error');
}, 120_000);

afterAll(() => server?.stop());

describe('tradedeck p2p accounts reset-error', () => {
  it('names the refused account with the spec text while the market still bans it (exit 1)', async () => {
    const refused = await runCli(['p2p', 'accounts', 'reset-error', seller!.login, '--lang', 'ru'], env);
    expect(refused.code).toBe(1);
    expect(`${refused.stdout}${refused.stderr}`).toContain('Не удалось сбросить ошибку маркетплейса');
    expect(refused.stderr).toContain('Ошибка маркетплейса сброшена: 0 из 1 аккаунтов');
    expect(await platformOf()).toMatchObject({ status: 'error', reason: 'marketBanned' });
    // An id that is not the user's is named as not found, with the others' outcomes.
    const missing = await runCli(['p2p', 'accounts', 'reset-error', '999999', '--json'], env);
    expect(missing.code).toBe(1);
    expect(JSON.parse(missing.stdout.trim())).toMatchObject({
      action: 'resetError',
      id: 999999,
      ok: false,
      reason: 'notFound',
      message: 'P2P account not found',
    });
  });

  it('clears the error once the market lifted the ban, and the account goes online (exit 0)', async () => {
    market.setSellingBan(key, false);
    try {
      const done = await runCli(['p2p', 'accounts', 'reset-error', seller!.login], env);
      expect(done.code, done.stderr).toBe(0);
      expect(done.stderr).toContain('Marketplace error reset: 1 of 1 accounts');
      await until(async () => (await platformOf()).status === 'online', 'the account online');
    } finally {
      // Back in error for a run of the file in another order.
      market.setSellingBan(key, true);
      await runCli(['p2p', 'accounts', 'stop', seller!.login, '--force', '--yes'], env);
      await runCli(['p2p', 'accounts', 'start', seller!.login], env);
      await until(async () => (await platformOf()).status === 'error', 'the platform error');
    }
  }, 120_000);
});
