import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunningServer } from '@tradedeck/server/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, startCliServer } from './helpers/cli-server.ts';
import { runCli } from './run-cli.ts';

let server: RunningServer;
let env: Record<string, string>;
const dir = mkdtempSync(join(tmpdir(), 'tradedeck-ledger-cli-'));

beforeAll(async () => {
  server = await startCliServer();
  ({ env } = await signedInUser(server, 'ledger@example.test'));
});
afterAll(async () => {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
});

// One walk: the profit and entries read the purchases the first test imports, so the order is kept.
describe('tradedeck ledger', { shuffle: false }, () => {
  it('imports purchase prices from a file with an outcome per refused line', async () => {
    const file = join(dir, 'purchases.csv');
    writeFileSync(file, 'AK-47 | Redline (Field-Tested);12.500;2\nAWP;-1\n');
    const plain = await runCli(['ledger', 'import', file, 'USD'], env);
    expect(plain.code).toBe(0);
    expect(plain.stdout.trim().split('\n')).toEqual([
      'Imported 1, refused 1, sales costed 0',
      '2\tAWP\tThe price must be a positive number',
    ]);
    const again = await runCli(['ledger', 'import', file, 'USD', '--json'], env);
    expect(JSON.parse(again.stdout)).toMatchObject({ imported: 0, failed: 2 });
  });

  it('prints profit by the grouping asked for, as JSON or CSV', async () => {
    const json = await runCli(['ledger', '--by', 'month', '--currency', 'EUR', '--json'], env);
    expect(json.stderr).toBe('');
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({
      by: 'month',
      method: 'fifo',
      currency: 'EUR',
      total: { profit: { currency: 'EUR', amount: 0 } },
      uncosted: 0,
    });
    const csv = await runCli(['ledger', '--by', 'item', '--csv', '--currency', 'USD'], env);
    expect(csv.stdout.trim().split('\n')).toEqual([
      'key,revenue,cost,fees,profit,realised,pending,held,currency',
      'total,0.000,0.000,0.000,0.000,0.000,0.000,0.000,USD',
    ]);
    const entries = await runCli(['ledger', '--csv', '--entries'], env);
    const lines = entries.stdout.trim().split('\n');
    expect(lines[0]).toBe(
      'id,occurred_at,kind,effect,realised,account,item,quantity,method,amount,currency,rate,note',
    );
    expect(
      lines.slice(1).map((line) => line.split(',').slice(2, 4).concat(line.split(',').slice(7, 11))),
    ).toEqual([['purchase', 'none', '2', '', '25.000', 'USD']]);
  });

  it('refuses an unknown grouping or day in the chosen language', async () => {
    const by = await runCli(['ledger', '--by', 'year', '--lang', 'ru'], env);
    expect(by.code).toBe(2);
    expect(by.stderr).toContain('Неизвестная группировка "year"');
    const day = await runCli(['ledger', '--from', '2026-13-01'], env);
    expect(day.code).toBe(2);
    expect(day.stderr).toContain('Not a day: "2026-13-01" (expected YYYY-MM-DD)');
  });
});
