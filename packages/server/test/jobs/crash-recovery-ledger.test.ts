import type { LedgerEntry } from '@tradedeck/sdk/contract';
import { describe, expect, it } from 'vitest';
import { crashHarness } from './crash-harness.ts';

// A purchase-price import killed with -9 while the server works through it, on the database the suite runs on: the
// import is one transaction, so the restarted server holds all of it or none, and sending the same file again (the
// way a user resumes) records every line exactly once, the same entries a run without a crash ends with.
const LINES = 20_000;
const IMPORT = '/api/ledger/purchases/import';

/** Line i: an item of its own at 1 + i/100 RUB a unit, i % 3 + 1 units. */
const line = (i: number) =>
  `Crash Item ${String(i).padStart(5, '0')},${(1 + i / 100).toFixed(2)},${(i % 3) + 1}`;
const text = Array.from({ length: LINES }, (_, i) => line(i)).join('\n');

const { api, crash, server, until } = crashHarness({
  prefix: 'tradedeck-crash-ledger-',
  email: 'crash-ledger@example.test',
  userName: 'crashledger',
  env: {},
});

interface ImportAnswer {
  imported: number;
  failed: number;
}

async function purchases(): Promise<LedgerEntry[]> {
  const all: LedgerEntry[] = [];
  for (let afterId = 0; ; ) {
    const page = await api<{ items: LedgerEntry[]; nextAfterId: number | null }>(
      'POST',
      '/api/ledger/entries',
      {
        afterId,
        limit: 1000,
      },
    );
    all.push(...page.items);
    if (page.nextAfterId === null) return all;
    afterId = page.nextAfterId;
  }
}

describe('a purchase import killed with kill -9 and sent again', () => {
  it('records each line once, as an import without a crash does', async () => {
    // The request is under way (the server logged it) when the server is killed; its answer never comes.
    const pending = api<ImportAnswer>('POST', IMPORT, { text, currency: 'RUB' }).catch(
      (error: unknown) => error,
    );
    await until('the import under way', async () => server().output().includes(IMPORT));
    await crash();
    await pending;
    const kept = (await purchases()).length;
    // All of it or none of it: the import's transaction commits whole.
    expect([0, LINES]).toContain(kept);

    const resumed = await api<ImportAnswer>('POST', IMPORT, { text, currency: 'RUB' });
    expect(resumed).toMatchObject({ imported: LINES - kept, failed: kept });
    const again = await api<ImportAnswer>('POST', IMPORT, { text, currency: 'RUB' });
    expect(again).toMatchObject({ imported: 0, failed: LINES });

    const entries = await purchases();
    expect(entries).toHaveLength(LINES);
    expect(entries.every((entry) => entry.kind === 'purchase' && entry.effect === 'none')).toBe(true);
    const byName = new Map(entries.map((entry) => [entry.marketHashName, entry]));
    expect(byName.size).toBe(LINES);
    for (const i of [0, 1, 2, 4_321, LINES - 1]) {
      const entry = byName.get(`Crash Item ${String(i).padStart(5, '0')}`)!;
      expect([entry.quantity, entry.amount]).toEqual([
        (i % 3) + 1,
        { currency: 'RUB', amount: (100 + i) * ((i % 3) + 1) },
      ]);
    }
  }, 300_000);
});
