/**
 * `tradedeck confirmations` against a sandbox server, whose accounts each have confirmations of the five kinds
 * waiting that Tradedeck did not create: the list as JSON, a filter piped as TSV, and one answered by its offer id
 * after the step-up the CLI asks for.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunningServer } from '@tradedeck/server/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type SandboxImportSet,
  writeSandboxImportSet,
} from '../../server/src/integrations/steam/sandbox/sandbox-import-set.ts';
import { outboxCode, signedInUser, startCliServer } from './helpers/cli-server.ts';
import { runCli } from './run-cli.ts';

const EMAIL = 'confirmations@example.test';
let server: RunningServer;
let env: Record<string, string>;
let set: SandboxImportSet;

interface Row {
  accountId: number;
  login: string;
  id: string;
  kind: string;
  creatorId: string;
  ours: boolean;
}

const listed = async (...args: string[]) => {
  const result = await runCli(['confirmations', '--json', ...args], env);
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as { items: Row[]; failures: unknown[] };
};

beforeAll(async () => {
  server = await startCliServer({ mode: 'sandbox' });
  ({ env } = await signedInUser(server, EMAIL));
  const dir = mkdtempSync(join(tmpdir(), 'tradedeck-confirmations-'));
  set = await writeSandboxImportSet(dir, { healthy: 2, includeFailureCases: false });
  const lines = set.accounts.map((account, i) => `${account.login}:${account.password}:10.9.0.${i + 1}:8080`);
  const linesFile = join(dir, 'lines.txt');
  writeFileSync(linesFile, lines.join('\n'));
  const imported = await runCli(
    ['accounts', 'import', '--mafiles', join(dir, 'maFiles'), '--lines', linesFile],
    env,
  );
  expect(imported.code, imported.stderr).toBe(0);
}, 60_000);
afterAll(() => server?.stop());

describe('tradedeck confirmations', () => {
  it('lists every account’s pending confirmations as JSON, with their kinds and whether Tradedeck made them', async () => {
    const { items, failures } = await listed();
    expect(failures).toEqual([]);
    for (const account of set.accounts) {
      const kinds = items.filter((item) => item.login === account.login).map((item) => item.kind);
      expect(kinds.sort()).toEqual(['accountRecovery', 'apiKey', 'marketListing', 'purchase', 'trade']);
    }
    expect(items.every((item) => !item.ours)).toBe(true);
  });

  it('filters by type and prints tab-separated lines when piped', async () => {
    const result = await runCli(['confirmations', '--type', 'apiKey'], env);
    expect(result.code, result.stderr).toBe(0);
    const [head, ...rows] = result.stdout.trim().split('\n');
    expect(head!.split('\t')).toEqual(['ACCOUNT', 'ID', 'TYPE', 'OURS', 'PARTNER', 'ITEMS', 'CREATED']);
    expect(rows.map((row) => row.split('\t')[2])).toEqual(['apiKey', 'apiKey']);
    expect(rows.map((row) => row.split('\t')[0]).sort()).toEqual(set.accounts.map((a) => a.login).sort());

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
