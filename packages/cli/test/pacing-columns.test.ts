/**
 * The Steam rest column of `tradedeck proxies ls` and `tradedeck accounts ls`: a sign-in Steam rate-limits
 * (EResult 84) rests its proxy, and both tables print until when and why, on the proxy and on the account it
 * carries; the others print nothing there.
 */
import type { RunningServer } from '@tradedeck/server/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type SandboxAccount,
  SandboxWorld,
  sandboxMafileText,
} from '../../server/src/integrations/steam/sandbox/sandbox-world.ts';
import { signedInUser, startCliServer } from './helpers/cli-server.ts';
import { runCli } from './run-cli.ts';

let server: RunningServer;
let env: Record<string, string>;
let accessToken: string;
const world = new SandboxWorld();
const [calm, other] = world.healthyAccounts(2, 4601) as [SandboxAccount, SandboxAccount];

const proxyData = (host: string) => ({
  protocol: 'http',
  address: host,
  port: 3128,
  username: null,
  password: null,
});

async function add(account: SandboxAccount, host: string) {
  const res = await fetch(`${server.url}/api/steam-accounts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
    body: JSON.stringify({
      accounts: {
        '0': {
          login: account.login,
          password: account.password,
          mafile: sandboxMafileText(account),
          proxyData: proxyData(host),
        },
      },
    }),
  });
  expect(res.status).toBe(200);
}

beforeAll(async () => {
  server = await startCliServer({ mode: 'sandbox' });
  ({ env, accessToken } = await signedInUser(server, 'pacing-columns@example.test'));
  await add(calm, '10.46.0.1');
  await add(other, '10.46.0.2');
  // Steam answers this sign-in with EResult 84: its proxy, the one the calm account uses, rests.
  await add(world.find('sandbox_rate_limited')!, '10.46.0.1');
}, 60_000);
afterAll(() => server?.stop());

const REST = /until \d{4}-\d\d-\d\d \d\d:\d\d:\d\dZ \(login eresult 84\)/;

const lineOf = (stdout: string, text: string) => stdout.split('\n').find((line) => line.includes(text)) ?? '';

describe('the Steam rest column', () => {
  it('shows the resting proxy’s rest in tradedeck proxies ls, and nothing for the other', async () => {
    const result = await runCli(['proxies', 'ls'], env);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout.split('\n')[0]).toContain('steam rest');
    expect(lineOf(result.stdout, '10.46.0.1:3128')).toMatch(REST);
    expect(lineOf(result.stdout, '10.46.0.2:3128')).not.toMatch(/until/);
  });

  it('shows the rest on the account the resting proxy carries in tradedeck accounts ls, in Russian too', async () => {
    const result = await runCli(['accounts', 'ls'], env);
    expect(result.code, result.stderr).toBe(0);
    expect(lineOf(result.stdout, calm.login)).toMatch(REST);
    expect(lineOf(result.stdout, other.login)).not.toMatch(/until/);
    const russian = await runCli(['accounts', 'ls', '--lang', 'ru'], env);
    expect(lineOf(russian.stdout, calm.login)).toMatch(
      /до \d{4}-\d\d-\d\d \d\d:\d\d:\d\dZ \(login eresult 84\)/,
    );
  });
});
