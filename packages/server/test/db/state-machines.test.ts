/**
 * The trading state machines on the kernel, each through its own repository's compare-and-set on a real
 * database, as the signed-in user: every declared move is made, every undeclared one is refused before the
 * repository is asked (the row stays as it was), a move from a status the row has left changes nothing, and
 * docs/state-machines.md draws exactly the declared moves.
 */
import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/database.ts';
import {
  harvesterTransactions,
  ledgerSales,
  sellerDeliveries,
  steamTradeIntents,
  transfers,
} from '../../src/db/schema.ts';
import {
  allows,
  IllegalMoveError,
  type Machine,
  move,
  type StatusStore,
} from '../../src/db/state-machine.ts';
import { HarvesterQueries } from '../../src/modules/harvester/repo.ts';
import { transactionMachine } from '../../src/modules/harvester/transaction-machine.ts';
import { LedgerQueries } from '../../src/modules/ledger/repo.ts';
import { saleMachine } from '../../src/modules/ledger/sale-machine.ts';
import { deliveryMachine } from '../../src/modules/seller/delivery-machine.ts';
import { SellerQueries } from '../../src/modules/seller/repo.ts';
import { intentMachine } from '../../src/modules/steam-trading/intent-machine.ts';
import { TradingQueries } from '../../src/modules/steam-trading/repo.ts';
import { TransferQueries } from '../../src/modules/transfer/repo.ts';
import { transferMachine } from '../../src/modules/transfer/transfer-machine.ts';
import { UserScope } from '../../src/security/user-scope.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.ts';
import {
  insertDelivery,
  insertHarvesterTransaction,
  insertIntent,
  insertSellerAccount,
  insertSteamAccount,
  insertUser,
} from '../helpers/trading-rows.ts';

type Row = { id: number; status: string };
type Table = PgTable & { id: never; status: never };

interface Case {
  machine: Machine<string>;
  table: PgTable;
  store: (tx: Db, userId: string) => StatusStore<string, Row>;
  id: () => number;
}

let testDb: TestDatabase;
let scope: UserScope;
let userId: string;
const ids = { delivery: 0, transaction: 0, intent: 0, transfer: 0, sale: 0 };
const db = () => testDb.database.db;

const cases: Case[] = [
  {
    machine: deliveryMachine as Machine<string>,
    table: sellerDeliveries,
    store: (tx, user) => new SellerQueries(tx, user).deliveryStatus as StatusStore<string, Row>,
    id: () => ids.delivery,
  },
  {
    machine: transactionMachine as Machine<string>,
    table: harvesterTransactions,
    store: (tx, user) => new HarvesterQueries(tx, user).transactionStatus as StatusStore<string, Row>,
    id: () => ids.transaction,
  },
  {
    machine: intentMachine as Machine<string>,
    table: steamTradeIntents,
    store: (tx, user) => new TradingQueries(tx, user).intentStatus as StatusStore<string, Row>,
    id: () => ids.intent,
  },
  {
    machine: transferMachine as Machine<string>,
    table: transfers,
    store: (tx, user) => new TransferQueries(tx, user).transferStatus as StatusStore<string, Row>,
    id: () => ids.transfer,
  },
  {
    machine: saleMachine as Machine<string>,
    table: ledgerSales,
    store: (tx, user) => new LedgerQueries(tx, user).saleStatus as StatusStore<string, Row>,
    id: () => ids.sale,
  },
];

/** The row as it is in the database (the test's own reads and writes, as the table owner). */
async function read(c: Case): Promise<Row & Record<string, unknown>> {
  const t = c.table as unknown as { id: Parameters<typeof eq>[0] };
  const [row] = await db()
    .select()
    .from(c.table as Table)
    .where(eq(t.id, c.id()));
  return row as Row & Record<string, unknown>;
}

async function put(c: Case, status: string): Promise<Row & Record<string, unknown>> {
  const t = c.table as unknown as { id: Parameters<typeof eq>[0] };
  await db()
    .update(c.table as Table)
    .set({ status } as never)
    .where(eq(t.id, c.id()));
  return read(c);
}

/** Runs `work` as the user with the case's repository store; `asked` counts the store's compare-and-sets. */
function asUser<T>(c: Case, asked: { n: number }, work: (store: StatusStore<string, Row>) => Promise<T>) {
  return scope.run(userId, (tx) => {
    const store = c.store(tx, userId);
    return work({
      compareAndSet: (...args) => {
        asked.n += 1;
        return store.compareAndSet(...args);
      },
    });
  });
}

beforeAll(async () => {
  testDb = await createTestDatabase();
  scope = new UserScope(db());
  userId = await insertUser(db(), 'machines');
  const accountId = await insertSteamAccount(db(), userId, {
    login: 'machine_a',
    steamId: '76561202255319001',
  });
  const sellerId = await insertSellerAccount(db(), userId, accountId);
  ids.delivery = await insertDelivery(db(), userId, sellerId);
  ids.transaction = await insertHarvesterTransaction(db(), userId, {
    sourceId: accountId,
    sourceLogin: 'machine_a',
    targetId: accountId,
    targetLogin: 'machine_a',
    status: 'preparing',
    reference: 'ref-1',
  });
  ids.intent = await insertIntent(db(), userId, accountId, { reference: 'ref-1', status: 'pending' });
  const [transfer] = await db()
    .insert(transfers)
    .values({
      userId,
      customId: 'td-1',
      fromAccountId: sellerId,
      fromLogin: 'machine_a',
      toAccountId: sellerId,
      toLogin: 'machine_a',
      amount: 100,
      currency: 'RUB',
      receivedCurrency: 'RUB',
      status: 'sending',
    })
    .returning({ id: transfers.id });
  ids.transfer = transfer!.id;
  const [sale] = await db()
    .insert(ledgerSales)
    .values({
      userId,
      marketAccountId: sellerId,
      accountId,
      accountLogin: 'machine_a',
      itemId: '5001',
      marketHashName: 'AK-47 | Redline (Field-Tested)',
      game: 'cs2',
      currency: 'RUB',
      amount: 100,
      status: 'listed',
      soldAt: new Date(),
    })
    .returning({ id: ledgerSales.id });
  ids.sale = sale!.id;
}, 60_000);

afterAll(async () => {
  await testDb?.drop();
});

describe.each(cases.map((c) => [c.machine.name, c] as const))('the %s machine', (_name, c) => {
  it('makes every declared move through its repository', async () => {
    let walked = 0;
    for (const from of c.machine.statuses) {
      for (const to of c.machine.edges[from] ?? []) {
        const row = await put(c, from);
        const asked = { n: 0 };
        const moved = await asUser(c, asked, (store) => move(store, c.machine, row, from, to));
        expect(moved?.status, `${from} -> ${to}`).toBe(to);
        expect((await read(c)).status, `${from} -> ${to}`).toBe(to);
        walked += 1;
      }
    }
    expect(walked).toBe(Object.values<readonly string[]>(c.machine.edges).flat().length);
    expect(walked).toBeGreaterThan(0);
  });

  it('refuses every undeclared move before its repository is asked, leaving the row as it was', async () => {
    let refused = 0;
    for (const from of c.machine.statuses) {
      const before = await put(c, from);
      const asked = { n: 0 };
      await asUser(c, asked, async (store) => {
        for (const to of c.machine.statuses) {
          if (allows(c.machine, from, to)) continue;
          await expect(move(store, c.machine, before, from, to), `${from} -> ${to}`).rejects.toBeInstanceOf(
            IllegalMoveError,
          );
          refused += 1;
        }
      });
      expect(asked.n, `from ${from}`).toBe(0);
      expect(await read(c), `from ${from}`).toEqual(before);
    }
    expect(refused).toBeGreaterThan(0);
  });

  it('moves nothing from a status the row has already left', async () => {
    const from = c.machine.statuses.find((status) => (c.machine.edges[status]?.length ?? 0) > 0)!;
    const to = c.machine.edges[from]?.[0] as string;
    const elsewhere = c.machine.statuses.find((status) => status !== from)!;
    const before = await put(c, elsewhere);
    const asked = { n: 0 };
    expect(await asUser(c, asked, (store) => move(store, c.machine, before, from, to))).toBeNull();
    expect(asked.n).toBe(1);
    expect(await read(c)).toEqual(before);
  });
});

describe('docs/state-machines.md', () => {
  const doc = readFileSync(new URL('../../../../docs/state-machines.md', import.meta.url), 'utf8');

  it.each(cases.map((c) => [c.machine.name, c] as const))(
    'draws exactly the moves of the %s machine',
    (name, c) => {
      const block = doc.match(new RegExp(`%% machine: ${name}\\n([\\s\\S]*?)\`\`\``))?.[1];
      expect(block, `a stateDiagram-v2 block starting "%% machine: ${name}"`).toBeDefined();
      const drawn = [...block!.matchAll(/^\s*(\w+) --> (\w+)/gm)]
        .filter(([, from]) => from !== '[*]')
        .map(([, from, to]) => `${from} -> ${to}`)
        .sort();
      const declared = Object.entries<readonly string[]>(c.machine.edges)
        .flatMap(([from, targets]) => targets.map((to) => `${from} -> ${to}`))
        .sort();
      expect(drawn).toEqual(declared);
    },
  );
});
