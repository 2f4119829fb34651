/**
 * A harvester transaction that reaches completed writes its move to the ledger in the same database transaction
 * (docs/ledger.md, Entries): the items out of the source and into the target, what was given back the other way,
 * no money and nothing to profit. The step that records it is the harvester's own `moveTransaction`.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harvesterSessions, harvesterTransactions } from '../../src/db/schema.ts';
import { HarvesterEvents } from '../../src/modules/harvester/events.ts';
import { HarvesterRepo, type TransactionRow } from '../../src/modules/harvester/repo.ts';
import { moveTransaction } from '../../src/modules/harvester/transitions.ts';
import { ledgerApi } from '../../src/modules/ledger/index.ts';
import { UserScope } from '../../src/security/user-scope.ts';
import { type AuthTestApp, createAuthTestApp, type TestUser } from '../auth/helpers/auth-app.ts';
import { signedInUser } from '../helpers/signed-in.ts';

const CARD = 'Gordon Freeman (Trading Card)';
const AK = 'AK-47 | Redline (Field-Tested)';

let t: AuthTestApp;
let user: TestUser;
let row: TransactionRow;

beforeAll(async () => {
  t = await createAuthTestApp();
  user = await signedInUser(t, 'ledger-moves');
  const db = t.testDb.database.db;
  const [session] = await db
    .insert(harvesterSessions)
    .values({
      userId: user.id,
      name: 'Session',
      profileName: 'All',
      settings: {},
      sources: [],
      targets: [],
      targetWeights: [],
    })
    .returning();
  const item = (name: string, amount: number) => ({ name, amount, assetId: '1', appId: 730, contextId: '2' });
  const [inserted] = await db
    .insert(harvesterTransactions)
    .values({
      userId: user.id,
      sessionId: session!.id,
      run: 1,
      sourceId: 11,
      sourceLogin: 'source_bot',
      targetId: 12,
      targetLogin: 'target_bot',
      game: 'cs2',
      status: 'verifying',
      items: [item(AK, 1), item(AK, 1), item(CARD, 3)],
      itemCount: 5,
      value: [],
      giveBack: [item(CARD, 1)],
      giveBackCount: 1,
      giveBackValue: [],
      reference: 'hv1-1',
      offerId: '9001',
    })
    .returning();
  row = inserted!;
}, 120_000);

afterAll(() => t?.close());

describe('a completed harvester transaction in the ledger', () => {
  it('records the items moved between own accounts with their step, worth nothing to profit', async () => {
    const db = t.testDb.database.db;
    const deps = {
      repo: new HarvesterRepo(db, new UserScope(db)),
      events: new HarvesterEvents(t.app.hubs.eventLog, t.clock.now, { post: async () => undefined }),
      now: t.clock.now,
      ledger: ledgerApi({ post: async () => undefined }),
    };
    const moved = await moveTransaction(deps, user.id, row, { to: 'completed' });
    expect(moved?.status).toBe('completed');
    const entries =
      (await db.execute(sql`select kind, effect, amount::int as amount, account_login, market_hash_name, quantity
      from ledger_entries where user_id = ${user.id} order by account_login, market_hash_name`)) as unknown as {
        rows: Record<string, unknown>[];
      };
    expect(entries.rows).toEqual([
      {
        kind: 'move',
        effect: 'none',
        amount: 0,
        account_login: 'source_bot',
        market_hash_name: AK,
        quantity: -2,
      },
      {
        kind: 'move',
        effect: 'none',
        amount: 0,
        account_login: 'source_bot',
        market_hash_name: CARD,
        quantity: -2,
      },
      {
        kind: 'move',
        effect: 'none',
        amount: 0,
        account_login: 'target_bot',
        market_hash_name: AK,
        quantity: 2,
      },
      {
        kind: 'move',
        effect: 'none',
        amount: 0,
        account_login: 'target_bot',
        market_hash_name: CARD,
        quantity: 2,
      },
    ]);
    // The step is taken once: moving it again finds it no longer verifying and writes nothing more.
    expect(await moveTransaction(deps, user.id, row, { to: 'completed' })).toBeNull();
    const count = (await db.execute(
      sql`select count(*)::int as n from ledger_entries where user_id = ${user.id}`,
    )) as unknown as { rows: { n: number }[] };
    expect(count.rows[0]!.n).toBe(4);
  });
});
