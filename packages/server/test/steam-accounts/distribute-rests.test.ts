/**
 * The distribute mode around proxies resting after Steam's rate limit (84). The sandbox world is told which
 * egress addresses are over Steam's limit (every sign-in through them is answered 84, as live Steam limits by
 * IP), and `sandbox_rate_limited` meets the limit on whatever proxy it comes through. Steam answers each sign-in
 * after a second here, so the sign-ins started together have all passed the rest check and reached Steam
 * before the first 84 comes back, whatever the database's pace: which rows met the limit themselves (proxy
 * error) and which were answered from the rest (planned again) is then fixed, not a race.
 */
import { and, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proxyTagLinks, steamAccounts, steamLoginThrottle } from '../../src/db/schema.ts';
import { SandboxWorld } from '../../src/integrations/steam/index.ts';
import { type AuthTestApp, createAuthTestApp, type TestUser } from '../auth/helpers/auth-app.ts';
import { signedInUser } from '../helpers/signed-in.ts';
import { addAccounts, addItem, dataOf, seedProxies, world } from './helpers.ts';

/** How long the sandbox's Steam takes to answer a sign-in. */
const STEAM_ANSWER_MS = 1_000;
/** seedProxies names proxy n `10.30.0.n:8080`. */
const egress = (n: number) => `10.30.0.${n}:8080`;
const LIMITED = [egress(11), egress(21), egress(51)];

type SteamOptions = NonNullable<Parameters<typeof createAuthTestApp>[2]>['steam'];

/** An app over the given sandbox Steam, with one approved user named `name`; its log lines go to `logLines`. */
async function openApp(logLines: string[], name: string, steam: SteamOptions) {
  const t = await createAuthTestApp({}, logLines, { steam });
  const admin = await signedInUser(t, 'admin');
  return { t, user: await signedInUser(t, name, admin) };
}

interface AddResult {
  addedAccounts: { login: string; proxyId: number | null }[];
  unchanged: string[];
  errors: Record<string, { reason: string; message: string }>;
}

describe('distribute mode around proxies rested by Steam’s rate limit', () => {
  let t: AuthTestApp;
  let user: TestUser;
  const logLines: string[] = [];

  beforeAll(async () => {
    ({ t, user } = await openApp(logLines, 'rests', {
      sandboxWorld: new SandboxWorld(undefined, {
        rateLimitedProxies: LIMITED,
        signInDelayMs: STEAM_ANSWER_MS,
      }),
    }));
  });
  afterAll(() => t.close());

  const distribute = async (tagId: number, max: number, rows: Record<string, ReturnType<typeof addItem>>) => {
    const res = await addAccounts(t, user, {
      mode: 'distribute',
      distribute: { proxyTagId: tagId, maxAccountsPerProxy: max },
      accounts: rows,
    });
    expect(res.statusCode, res.body).toBe(200);
    return dataOf(res) as AddResult;
  };

  /** Stored accounts per proxy id, straight from the table. */
  const accountsPerProxy = async (proxyIds: number[]) => {
    const rows = await t.testDb.database.db
      .select({ proxyId: steamAccounts.proxyId })
      .from(steamAccounts)
      .where(inArray(steamAccounts.proxyId, proxyIds));
    const counts = new Map(proxyIds.map((id) => [id, 0]));
    for (const row of rows) counts.set(row.proxyId!, (counts.get(row.proxyId!) ?? 0) + 1);
    return counts;
  };

  /** The egress addresses of a pool that have a running rest in steam_login_throttle. */
  const restingOf = async (addresses: string[]) => {
    const rows = await t.testDb.database.db
      .select({ key: steamLoginThrottle.key, until: steamLoginThrottle.coolDownUntil })
      .from(steamLoginThrottle)
      .where(like(steamLoginThrottle.key, 'proxy:10.30.%'));
    return rows
      .filter((row) => row.until !== null && Number(row.until) > Date.now())
      .map((row) => row.key.slice('proxy:'.length))
      .filter((key) => addresses.includes(key))
      .sort();
  };

  const rowsOf = (bots: ReturnType<typeof world.healthyAccounts>) =>
    Object.fromEntries(bots.map((bot, i) => [String(i), addItem(bot)]));

  it('moves the healthy rows planned on a proxy that meets the rate limit to the tag’s other proxies', async () => {
    // Proxy .11 is over Steam's limit. 4 proxies, at most 3 each: the plan puts rows 0, 4 and 8 on .11.
    const { ids, tagId } = await seedProxies(t, user, 4, { tagName: 'Pool A', first: 11 });
    const bots = world.healthyAccounts(9, 1001);
    const data = await distribute(tagId!, 3, rowsOf(bots));

    expect(data.errors).toEqual({});
    const byLogin = new Map(data.addedAccounts.map((a) => [a.login, a.proxyId]));
    expect(bots.map((bot) => byLogin.has(bot.login))).toEqual(bots.map(() => true));
    // Rows 0 and 4 met the limit themselves (they had started) and were signed in on their one retry; row 8
    // had not started and was planned again. None stays on the rested proxy; the others fill up to the cap.
    const counts = await accountsPerProxy(ids);
    expect([...counts.values()]).toEqual([0, 3, 3, 3]);
    expect(await restingOf([11, 12, 13, 14].map(egress))).toEqual([egress(11)]);
  });

  it('gives noProxy to displaced rows when no proxy has room, keeps proxyError for the rows that met the limit, and a retry of only the failed rows works', async () => {
    // Proxy .21 is over the limit; 3 proxies, at most 4 each: .21 gets rows 0, 3, 6 (started at once, 8 run
    // at a time) and row 9 (still waiting when the rest begins).
    const { ids, tagId } = await seedProxies(t, user, 3, { tagName: 'Pool B', first: 21 });
    const bots = world.healthyAccounts(12, 1101);
    const rows = rowsOf(bots);
    const first = await distribute(tagId!, 4, rows);

    expect(
      Object.fromEntries(Object.entries(first.errors).map(([index, error]) => [index, error.reason])),
    ).toEqual({ '0': 'proxyError', '3': 'proxyError', '6': 'proxyError', '9': 'noProxy' });
    // Its answer names the cause: the rested proxy with the end of its rest, the others full at the cap.
    expect(first.errors['9']!.message).toMatch(
      /^No proxy: 1 proxies of the tag rest after a Steam rate limit until (\d{4}-\d\d-\d\d )?\d\d:\d\d UTC, the others \(2\) are full at 4 accounts per proxy$/,
    );
    expect(first.addedAccounts).toHaveLength(8);
    expect([...(await accountsPerProxy(ids)).values()]).toEqual([0, 4, 4]);

    // The user widens the pool and sends only the failed rows: the rested proxy is not planned at all.
    const { ids: extra } = await seedProxies(t, user, 1, { first: 24 });
    await t.testDb.database.db
      .insert(proxyTagLinks)
      .values({ userId: user.id, proxyId: extra[0]!, tagId: tagId! });
    const failed = Object.fromEntries(Object.keys(first.errors).map((index) => [index, rows[index]!]));
    const linesBefore = logLines.length;
    const second = await distribute(tagId!, 4, failed);
    expect(second.errors).toEqual({});
    expect(second.addedAccounts.map((a) => a.login).sort()).toEqual(
      ['0', '3', '6', '9'].map((index) => rows[index]!.login).sort(),
    );
    expect(second.addedAccounts.every((a) => a.proxyId === extra[0])).toBe(true);
    expect(logLines.slice(linesBefore).some((line) => line.includes('Proxy resting'))).toBe(false);
    expect([...(await accountsPerProxy([...ids, extra[0]!])).values()]).toEqual([0, 4, 4, 4]);

    // Sending everything again adds nothing twice: every row is already stored as sent, so it is unchanged.
    const third = await distribute(tagId!, 4, rows);
    expect(third.errors).toEqual({});
    expect(third.addedAccounts).toEqual([]);
    expect([...third.unchanged].sort()).toEqual(Object.keys(rows).sort());
    expect([...(await accountsPerProxy([...ids, extra[0]!])).values()]).toEqual([0, 4, 4, 4]);
  });

  it('keeps proxyError for an account that meets the limit on its retry too, resting one more proxy at most', async () => {
    const { ids, tagId } = await seedProxies(t, user, 3, { tagName: 'Pool C', first: 41 });
    const limited = world.find('sandbox_rate_limited')!;
    const bots = world.healthyAccounts(4, 1201);
    const data = await distribute(tagId!, 5, {
      '0': addItem(limited),
      ...Object.fromEntries(bots.map((bot, i) => [String(i + 1), addItem(bot)])),
    });

    expect(data.errors).toEqual({ '0': { reason: 'proxyError', message: 'Proxy error' } });
    expect(data.addedAccounts.map((a) => a.login).sort()).toEqual(bots.map((b) => b.login).sort());
    // Its first proxy and the one of its single retry rest; the third is untouched.
    const resting = await restingOf([41, 42, 43].map(egress));
    expect(resting).toHaveLength(2);
    expect(resting).toContain(egress(41));
    const counts = await accountsPerProxy(ids);
    expect([...counts.values()].every((count) => count <= 5)).toBe(true);
  });

  it('plans no account on a proxy already resting, and answers noProxy when every proxy rests or is full', async () => {
    const { ids, tagId } = await seedProxies(t, user, 2, { tagName: 'Pool D', first: 61 });
    // A rate limit met through proxy .61 in the multiple mode (the user chose it) rests it.
    const limited = dataOf(
      await addAccounts(t, user, {
        mode: 'multiple',
        accounts: { '0': addItem(world.find('sandbox_rate_limited')!, { proxyId: ids[0]! }) },
      }),
    ) as AddResult;
    expect(limited.errors['0']!.reason).toBe('proxyError');
    expect(await restingOf([egress(61)])).toEqual([egress(61)]);

    const linesBefore = logLines.length;
    const bots = world.healthyAccounts(3, 1301);
    const data = await distribute(tagId!, 2, rowsOf(bots));
    expect(
      Object.fromEntries(Object.entries(data.errors).map(([index, error]) => [index, error.reason])),
    ).toEqual({ '2': 'noProxy' });
    const [rest] = await t.testDb.database.db
      .select({ until: steamLoginThrottle.coolDownUntil })
      .from(steamLoginThrottle)
      .where(eq(steamLoginThrottle.key, `proxy:${egress(61)}`));
    const until = new Date(Number(rest!.until)).toISOString().slice(11, 16);
    // A rest that ends after midnight UTC names its date too.
    expect(data.errors['2']!.message).toMatch(
      new RegExp(
        `^No proxy: 1 proxies of the tag rest after a Steam rate limit until (\\d{4}-\\d\\d-\\d\\d )?${until} UTC, the others \\(1\\) are full at 2 accounts per proxy$`,
      ),
    );
    expect(data.addedAccounts.map((a) => a.proxyId)).toEqual([ids[1], ids[1]]);
    // Nothing was tried through the resting proxy, so no rest was met during the import.
    expect(logLines.slice(linesBefore).some((line) => line.includes('Proxy resting'))).toBe(false);

    // Single and multiple modes keep the user's choice: a row sent to the resting proxy is a proxy error.
    const [chosen] = world.healthyAccounts(1, 1310);
    const multiple = dataOf(
      await addAccounts(t, user, {
        mode: 'multiple',
        accounts: { '0': addItem(chosen!, { proxyId: ids[0]! }) },
      }),
    ) as AddResult;
    expect(multiple.errors['0']!.reason).toBe('proxyError');
    const stored = await t.testDb.database.db
      .select({ id: steamAccounts.id })
      .from(steamAccounts)
      .where(and(eq(steamAccounts.userId, user.id), eq(steamAccounts.login, chosen!.login)));
    expect(stored).toEqual([]);
  });
});

describe('a row answered from a rest that began while it waited for its sign-in slot', () => {
  /** Sign-ins through one proxy are this far apart, so the second one on a proxy waits for its slot. */
  const SPACING_MS = 1_500;
  let t: AuthTestApp;
  let user: TestUser;
  const logLines: string[] = [];

  beforeAll(async () => {
    ({ t, user } = await openApp(logLines, 'waiting', {
      sandboxWorld: new SandboxWorld(undefined, { rateLimitedProxies: [egress(51)] }),
      loginSpacingMs: SPACING_MS,
    }));
  });
  afterAll(() => t.close());

  it('is planned again as never tried, noProxy when no proxy has room, while the row Steam limited signs in on its retry', async () => {
    // .51 is over the limit; 2 proxies, at most 3 each: rows 0 and 2 on .51, rows 1 and 3 on .52. Whichever of
    // rows 0 and 2 takes the first sign-in slot on .51 meets the limit at once; the other is waiting for its slot
    // and is answered from the rest without reaching Steam. The limited row's one retry takes the last room on
    // .52, so the waiting row finds none. Which row gets the slot first is the database's pace.
    const { ids, tagId } = await seedProxies(t, user, 2, { tagName: 'Pool W', first: 51 });
    const bots = world.healthyAccounts(4, 1401);
    const rows = Object.fromEntries(bots.map((bot, i) => [String(i), addItem(bot)]));
    const res = await addAccounts(t, user, {
      mode: 'distribute',
      distribute: { proxyTagId: tagId!, maxAccountsPerProxy: 3 },
      accounts: rows,
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = dataOf(res) as AddResult;

    const reasons = Object.entries(data.errors).map(([index, error]) => [index, error.reason] as const);
    expect(reasons).toHaveLength(1);
    const [waiting, reason] = reasons[0]!;
    expect(['0', '2']).toContain(waiting);
    expect(reason).toBe('noProxy');
    expect(data.addedAccounts.map((a) => a.login).sort()).toEqual(
      bots
        .filter((_, i) => String(i) !== waiting)
        .map((bot) => bot.login)
        .sort(),
    );
    expect(data.addedAccounts.every((a) => a.proxyId === ids[1])).toBe(true);
    // The proxy rested once because Steam said so, and was met once more by the row that never reached Steam.
    const rests = logLines
      .filter((line) => line.includes('Proxy resting'))
      .map((line) => (JSON.parse(line) as { metBySteam: boolean }).metBySteam);
    expect(rests.sort()).toEqual([false, true]);
  });
});
