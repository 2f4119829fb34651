import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ROLE, UserScope } from '../../src/security/user-scope.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.ts';

type Rows<T> = { rows: T[] };
const USER = '4f1c2a9e-1b7d-4c55-9a0e-2d3f4a5b6c7d';
const MEMBER = '9b2d4e6f-8a1c-4b3d-9e5f-7a6b5c4d3e2f';

/** The scope a request's queries run in: the restricted role and the user's id, for its transaction only. */
describe('user scope', () => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase();
  });
  afterAll(() => testDb.drop());

  const whoAmI = async (db: TestDatabase['database']['db']) => {
    const result = (await db.execute(
      sql`select current_user::text as role, coalesce(current_setting('app.user_id', true), '') as user_id,
            coalesce(current_setting('app.actor_id', true), '') as actor_id`,
    )) as unknown as Rows<{ role: string; user_id: string; actor_id: string }>;
    return result.rows[0]!;
  };

  it('runs the work as the app role with the user id set', async () => {
    const scope = new UserScope(testDb.database.db);
    const inside = await scope.run(USER, (tx) => whoAmI(tx));
    expect(inside).toEqual({ role: APP_ROLE, user_id: USER, actor_id: USER });
  });

  it('sets the signed-in member as the actor apart from the active workspace', async () => {
    const scope = new UserScope(testDb.database.db);
    const inside = await scope.run(USER, (tx) => whoAmI(tx), { actorId: MEMBER });
    expect(inside).toEqual({ role: APP_ROLE, user_id: USER, actor_id: MEMBER });
    expect((await whoAmI(testDb.database.db)).actor_id).toBe('');
  });

  it('leaves neither the role nor the user id behind on the connection', async () => {
    const scope = new UserScope(testDb.database.db);
    await scope.run(USER, (tx) => whoAmI(tx));
    const after = await whoAmI(testDb.database.db);
    expect(after.role).not.toBe(APP_ROLE);
    expect(after.user_id).toBe('');
  });

  it('rolls both back when the work fails', async () => {
    const scope = new UserScope(testDb.database.db);
    await expect(
      scope.run(USER, async () => {
        throw new Error('stop');
      }),
    ).rejects.toThrow('stop');
    expect((await whoAmI(testDb.database.db)).user_id).toBe('');
  });
});
