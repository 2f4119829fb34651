import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../auth/helpers/auth-app.ts';
import { signedInUser } from '../helpers/signed-in.ts';
import { addSandboxAccounts } from '../steam-trading/helpers.ts';
import {
  as,
  createHarvesterTestApp,
  type HarvesterTestApp,
  ok,
  profileInput,
  untilFinished,
} from './helpers.ts';

// On the embedded database a statement runs to its end in the server's thread. A large plan written or read in one
// statement (100,000 items at full size) held the event loop so long on a busy machine that every hub client timed
// out and the session's events went undelivered for minutes: the plan is stored, announced and read in slices.
const ITEMS_PER_STATEMENT = 2000;
const MAX_ITEMS_PER_OFFER = 255;

interface Statement {
  text: string;
  params: unknown[];
}

const itemsIn = (params: unknown[]) =>
  params.reduce<number>(
    (sum, param) => sum + (typeof param === 'string' ? (param.match(/"assetId"/g)?.length ?? 0) : 0),
    0,
  );

describe('a large plan on the embedded database', () => {
  let t: HarvesterTestApp;
  let user: TestUser;
  const statements: Statement[] = [];

  beforeAll(async () => {
    t = await createHarvesterTestApp({ cs2: 0, dota2: 700, tf2: 0, rust: 0, community: 0 });
    user = await signedInUser(t, 'slices');
    // Drizzle's query logger sees every statement of the app with its parameters.
    const session = (
      t.testDb.database.db as unknown as { session: { logger: unknown; options: { logger?: unknown } } }
    ).session;
    const logger = { logQuery: (text: string, params: unknown[]) => statements.push({ text, params }) };
    session.logger = logger;
    session.options.logger = logger;
    // A fresh database, migrations and a sign-up come first: room for a loaded machine.
  }, 180_000);
  afterAll(() => t.close());

  it('is stored, announced and read in slices of bounded size', async () => {
    const ids = await addSandboxAccounts(t, user.accessToken, t.world.healthyAccounts(6, 4731), 210);
    const profile = await ok(
      as(t, user.accessToken, 'POST', '/api/harvester/profiles', profileInput('Slices')),
    );
    const created = await ok(
      as(t, user.accessToken, 'POST', '/api/harvester/sessions', {
        profileId: profile.id,
        sources: { accountIds: ids.slice(0, 4) },
        targets: { accountIds: ids.slice(4) },
      }),
    );
    statements.length = 0;
    await ok(as(t, user.accessToken, 'POST', `/api/harvester/sessions/${created.id}/start`, {}));
    const done = await untilFinished(t, user.accessToken, created.id);
    expect(done.itemsMoved).toBe(2800);

    const inserts = statements.filter((s) => /^insert into "harvester_transactions"/.test(s.text));
    expect(inserts.length).toBeGreaterThan(1);
    for (const insert of inserts) {
      expect(itemsIn(insert.params)).toBeLessThan(ITEMS_PER_STATEMENT + MAX_ITEMS_PER_OFFER);
    }
    expect(inserts.reduce((sum, insert) => sum + itemsIn(insert.params), 0)).toBe(2800);
    // The plan is not read back with its items, and the runner reads open transactions a page at a time.
    const reads = statements.filter(
      (s) =>
        /^select .*"items".* from "harvester_transactions"/.test(s.text) && !/^insert|^update/.test(s.text),
    );
    expect(reads.length).toBeGreaterThan(0);
    for (const read of reads) expect(read.text).toMatch(/ limit \$\d+$/);
  }, 240_000);
});
