import type { Db } from '../../src/db/database.ts';
import {
  harvesterSessions,
  harvesterTransactions,
  sellerAccounts,
  sellerDeliveries,
  steamAccounts,
  steamTradeIntents,
  users,
} from '../../src/db/schema.ts';

/**
 * Rows of the trading areas written straight into a test's database, as the table owner, with the columns a
 * test does not care about filled in. Each answers the new row's id; a test names only what it asserts on.
 */

export async function insertUser(db: Db, name: string): Promise<string> {
  const [row] = await db
    .insert(users)
    .values({ email: `${name}@example.test`, userName: name, passwordHash: 'x' })
    .returning({ id: users.id });
  return row!.id;
}

export async function insertSteamAccount(
  db: Db,
  userId: string,
  account: { login: string; steamId: string },
): Promise<number> {
  const [row] = await db
    .insert(steamAccounts)
    .values({
      userId,
      login: account.login,
      steamId: account.steamId,
      passwordEnc: 'test-envelope',
      mafileEnc: 'test-envelope',
    })
    .returning({ id: steamAccounts.id });
  return row!.id;
}

/** A seller (market) account on a Steam account, its secrets stand-ins. */
export async function insertSellerAccount(db: Db, userId: string, steamAccountId: number): Promise<number> {
  const [row] = await db
    .insert(sellerAccounts)
    .values({
      userId,
      steamAccountId,
      apiKeyEnc: 'x',
      keyId: 'k',
      apiKeyHint: 'abcd',
      paymentPasswordEnc: 'x',
      currency: 'RUB',
    })
    .returning({ id: sellerAccounts.id });
  return row!.id;
}

type DeliveryRow = typeof sellerDeliveries.$inferInsert;

/** A market delivery of a seller account: pending, to a buyer, nothing in it unless given. */
export async function insertDelivery(
  db: Db,
  userId: string,
  sellerAccountId: number,
  fields: Partial<Omit<DeliveryRow, 'userId' | 'sellerAccountId'>> = {},
): Promise<number> {
  const [row] = await db
    .insert(sellerDeliveries)
    .values({
      userId,
      sellerAccountId,
      hash: 'hash-1',
      status: 'pending',
      partnerSteamId: '76561199000000042',
      message: 'TM delivery',
      items: [],
      reference: 'tm-ref-1',
      ...fields,
    })
    .returning({ id: sellerDeliveries.id });
  return row!.id;
}

type TransactionRow = typeof harvesterTransactions.$inferInsert;

/** A harvester transaction between two accounts, in a session of its own. */
export async function insertHarvesterTransaction(
  db: Db,
  userId: string,
  fields: Pick<
    TransactionRow,
    'sourceId' | 'sourceLogin' | 'targetId' | 'targetLogin' | 'status' | 'reference'
  > &
    Partial<Omit<TransactionRow, 'userId' | 'sessionId'>>,
): Promise<number> {
  const [session] = await db
    .insert(harvesterSessions)
    .values({
      userId,
      name: `Session ${fields.sourceLogin}`,
      profileName: 'All',
      settings: {},
      sources: [],
      targets: [],
      targetWeights: [],
    })
    .returning({ id: harvesterSessions.id });
  const [row] = await db
    .insert(harvesterTransactions)
    .values({
      userId,
      sessionId: session!.id,
      run: 1,
      game: 'cs2',
      items: [],
      itemCount: 0,
      value: [],
      giveBack: [],
      giveBackCount: 0,
      giveBackValue: [],
      ...fields,
    })
    .returning({ id: harvesterTransactions.id });
  return row!.id;
}

type IntentRow = typeof steamTradeIntents.$inferInsert;

/** A trade intent of an account: a send, leased by `test`. */
export async function insertIntent(
  db: Db,
  userId: string,
  accountId: number,
  fields: Pick<IntentRow, 'reference' | 'status'> & Partial<Omit<IntentRow, 'userId' | 'accountId'>>,
): Promise<number> {
  const [row] = await db
    .insert(steamTradeIntents)
    .values({
      userId,
      accountId,
      kind: 'send',
      request: {},
      owner: 'test',
      leaseUntil: new Date(),
      ...fields,
    })
    .returning({ id: steamTradeIntents.id });
  return row!.id;
}
