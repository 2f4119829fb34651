/**
 * `tradedeck confirmations` against a sandbox server, whose accounts each have confirmations of the five kinds
 * waiting that Tradedeck did not create: the list as JSON, a filter piped as TSV, and one answered by its offer id
 * after the step-up the CLI asks for.
 */
import type { RunningServer } from '@tradedeck/server/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type SandboxAccount,
  SandboxWorld,
  sandboxMafileText,
} from '../../server/src/integrations/steam/sandbox/sandbox-world.ts';
import { outboxCode, signedInUser, startCliServer } from './helpers/cli-server.ts';
import { runCli } from './run-cli.ts';

const EMAIL = 'confirmations@example.test';
let server: RunningServer;
let env: Record<string, string>;
let accounts: SandboxAccount[];

interface Row {
  accountId: number;
  login: string;
  id: string;
  kind: string;
  creatorId: string;
  ours: boolean;
  items: string[];
  pricedItems: unknown[] | null;
  value: unknown;
  fetchedAt: string;
}

const listed = async (...args: string[]) => {
  const result = await runCli(['confirmations', '--json', ...args], env);
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as { items: Row[]; failures: unknown[] };
};

beforeAll(async () => {
  server = await startCliServer({ mode: 'sandbox' });
  let accessToken: string;
  ({ env, accessToken } = await signedInUser(server, EMAIL));
  accounts = new SandboxWorld().healthyAccounts(2, 4500);
  // Added through the API: the import command has tests of its own.
  const body = {
    accounts: Object.fromEntries(
      accounts.map((account, i) => [
        String(i),
        {
          login: account.login,
          password: account.password,
          mafile: sandboxMafileText(account),
          proxyData: {
            protocol: 'http',
            address: `10.45.0.${i + 1}`,
            port: 3128,
            username: null,
            password: null,
          },
        },
      ]),
    ),
  };
  const added = await fetch(`${server.url}/api/steam-accounts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
    body: JSON.stringify(body),
  });
  expect(added.status).toBe(200);
}, 60_000);
afterAll(() => server?.stop());

// One walk: the listing sees every pending confirmation before the later tests answer some, so the order is kept.
describe('tradedeck confirmations', { shuffle: false }, () => {
  it('lists every account’s pending confirmations as JSON, with their kinds and whether Tradedeck made them', async () => {
    const { items, failures } = await listed();
    expect(failures).toEqual([]);
    for (const account of accounts) {
      const kinds = items.filter((item) => item.login === account.login).map((item) => item.kind);
      expect(kinds.sort()).toEqual(['accountRecovery', 'apiKey', 'marketListing', 'purchase', 'trade']);
    }
    expect(items.every((item) => !item.ours)).toBe(true);
    // Not Tradedeck's: Steam's summary lines, and no priced items or value.
    expect(
      items.every((item) => item.items.length > 0 && item.pricedItems === null && item.value === null),
    ).toBe(true);
  });

  it('takes the price source our own offers are valued from, and refuses an unknown one', async () => {
    const { items } = await listed('--source', 'steam', '--type', 'apiKey');
    expect(items).toHaveLength(2);
    const bad = await runCli(['confirmations', '--source', 'ebay'], env);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('Unknown price source "ebay": use custom, tm, steam');
  });

  it('reads Steam now with --refresh, each row saying when its account was read', async () => {
    const kept = await listed('--type', 'apiKey');
    const fresh = await listed('--type', 'apiKey', '--refresh');
    expect(fresh.items.map((item) => item.id).sort()).toEqual(kept.items.map((item) => item.id).sort());
    for (const item of fresh.items) {
      const before = kept.items.find((row) => row.id === item.id)!;
      expect(Date.parse(item.fetchedAt)).toBeGreaterThanOrEqual(Date.parse(before.fetchedAt));
    }
  });

  it('filters by type and prints tab-separated lines when piped', async () => {
    const result = await runCli(['confirmations', '--type', 'apiKey'], env);
    expect(result.code, result.stderr).toBe(0);
    const [head, ...rows] = result.stdout.trim().split('\n');
    expect(head!.split('\t')).toEqual([
      'ACCOUNT',
      'ID',
      'TYPE',
      'OURS',
      'PARTNER',
      'ITEMS',
      'VALUE',
      'CREATED',
    ]);
    expect(rows.map((row) => row.split('\t')[2])).toEqual(['apiKey', 'apiKey']);
    expect(rows.map((row) => row.split('\t')[0]).sort()).toEqual(accounts.map((a) => a.login).sort());

    const bad = await runCli(['confirmations', '--type', 'gift'], env);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('Unknown type "gift"');
  });

  it('accepts one trade by its offer id after the step-up, and only that one', async () => {
    const before = await listed('--type', 'trade');
    const [chosen, other] = before.items;
    // Not Tradedeck's offer: the server asks for the step-up, answered with the code it mails.
    const result = await runCli(
      ['confirmations', 'accept', '--offer-id', chosen!.creatorId, '--account', chosen!.login],
      env,
      [() => outboxCode(server, EMAIL)],
    );
    expect(result.code, result.stderr).toBe(0);
    expect(result.prompts.length).toBeGreaterThan(0);
    expect(result.stdout).toContain(`${chosen!.accountId} ${chosen!.id}: answered`);
    const after = await listed();
    expect(after.items.find((item) => item.id === chosen!.id)).toBeUndefined();
    expect(after.items.find((item) => item.id === other!.id)).toBeDefined();
    expect(after.items).toHaveLength(9);
  });
});
