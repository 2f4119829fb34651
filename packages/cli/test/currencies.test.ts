import type { RunningServer } from '@tradedeck/server/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, startCliServer } from './helpers/cli-server.ts';
import { runCli } from './run-cli.ts';

let server: RunningServer;
let env: Record<string, string>;

beforeAll(async () => {
  server = await startCliServer();
  ({ env } = await signedInUser(server, 'currencies@example.test'));
});
afterAll(() => server.stop());

describe('tradedeck settings and rates', () => {
  it('show the language’s default currency until the user chooses, then the choice', async () => {
    const first = await runCli(['settings', '--json'], env);
    expect(first.code).toBe(0);
    expect(JSON.parse(first.stdout)).toEqual({
      displayedCurrency: 'USD',
      tmPreferredCurrency: 'USD',
      chosen: false,
    });
    const plain = await runCli(['settings'], env);
    expect(plain.stdout).toContain('displayed=USD (default of the language until you choose)');

    const set = await runCli(['settings', 'set', 'displayed', 'eur', '--json'], env);
    expect(set.code).toBe(0);
    expect(JSON.parse(set.stdout)).toEqual({
      displayedCurrency: 'EUR',
      tmPreferredCurrency: 'USD',
      chosen: true,
    });
    const after = await runCli(['settings', 'get'], env);
    expect(after.stdout.trim().split('\n')).toEqual(['displayed=EUR', 'tm=USD']);
  });

  it('refuse a currency outside RUB, EUR, USD in the chosen language', async () => {
    const bad = await runCli(['settings', 'set', 'tm', 'CNY', '--lang', 'ru'], env);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('Валюта должна быть RUB, EUR или USD, а не "CNY"');
  });

  it('print the rates with their source and age', async () => {
    const rates = await runCli(['rates', '--json'], env);
    const answer = JSON.parse(rates.stdout);
    expect(answer.source).toBe('sandbox');
    expect(answer.rates).toContainEqual(expect.objectContaining({ from: 'USD', to: 'RUB', rate: '92.5' }));
    const plain = await runCli(['rates'], env);
    expect(plain.stdout).toMatch(/^Rates: sandbox, fetched \d+ s ago$/m);
    expect(plain.stdout).toContain('USD/RUB\t92.5\t2026-01-01');
  });
});
