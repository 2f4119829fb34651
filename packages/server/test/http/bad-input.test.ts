import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ECHOED_CHARACTERS } from '../../src/http/echo.ts';
import { type AuthTestApp, createAuthTestApp, freshIp, type TestUser } from '../auth/helpers/auth-app.ts';
import { signedInUser } from '../helpers/signed-in.ts';
import { watchStatements } from '../helpers/statement-watch.ts';

/** More ids than one statement can bind as separate parameters (65,535). */
const MANY = 66_000;
/** How many of them are the user's accounts. */
const OWNED = 1_000;

// One app for the file; the echo tests sign in a user of their own, so neither part sees the other's rows.
let t: AuthTestApp;
/** The instance's first user (an administrator), as a fresh app's first sign-up is. */
let owner: TestUser;
beforeAll(async () => {
  t = await createAuthTestApp();
  owner = await signedInUser(t, 'owner');
}, 120_000);
afterAll(() => t.close());

describe('bad input is a validation error naming the field, never a crash', () => {
  let user: TestUser;
  beforeAll(() => {
    user = owner;
  });

  const expectValidation = (res: LightMyRequestResponse, field: string) => {
    expect(res.statusCode, res.body).toBe(400);
    const error = res.json().error as {
      resultCode: number;
      errorDetails: { fields: Record<string, string[]> };
    };
    expect(error.resultCode).toBe(10);
    expect(Object.keys(error.errorDetails.fields)).toContain(field);
  };

  it('refuses a NUL character in any text field, signed in or anonymous', async () => {
    const added = await t.call('POST', '/api/proxies', {
      token: user.accessToken,
      body: { proxies: '203.0.113.1:8080' },
    });
    const id = added.json().data.addedIds[0] as number;
    expectValidation(
      await t.call('PUT', `/api/proxies/${id}/name`, { token: user.accessToken, body: { name: 'a\u0000b' } }),
      'name',
    );
    expectValidation(
      await t.call('POST', '/api/proxies', {
        token: user.accessToken,
        body: { proxies: '203.0.113.2:80\u0000' },
      }),
      'proxies',
    );
    expectValidation(
      await t.call('POST', `/api/proxies/${id}/tags`, {
        token: user.accessToken,
        body: { tag: { id: 0, name: 'x\u0000' } },
      }),
      'tag.name',
    );
    expectValidation(
      await t.call('POST', '/api/auth/register', {
        body: { email: 'nul@example.test', userName: 'nul\u0000name', password: 'Quartz-Lantern-42' },
        ip: freshIp(),
      }),
      'userName',
    );
    expectValidation(
      await t.call('POST', '/api/search/global', {
        token: user.accessToken,
        body: { searchString: 'a\u0000b' },
      }),
      'searchString',
    );
    expectValidation(
      await t.call('DELETE', '/api/proxies/1?detach=tr%00ue', { token: user.accessToken }),
      'detach',
    );
  });

  it('refuses ids past the 32-bit range in paths, bodies and arrays', async () => {
    expectValidation(await t.call('GET', '/api/proxies/2147483648', { token: user.accessToken }), 'id');
    expectValidation(
      await t.call('DELETE', '/api/steam-accounts/9007199254740991', { token: user.accessToken }),
      'id',
    );
    expectValidation(
      await t.call('POST', '/api/proxies/batch/remove', {
        token: user.accessToken,
        body: { proxyIds: [1, 2 ** 31] },
      }),
      'proxyIds.1',
    );
    expectValidation(
      await t.call('PUT', '/api/steam-accounts/1/proxy', {
        token: user.accessToken,
        body: { proxyId: 2 ** 40 },
      }),
      'proxyId',
    );
    expectValidation(
      await t.call('POST', '/api/proxies/query', {
        token: user.accessToken,
        body: { withTagIds: [2 ** 31] },
      }),
      'withTagIds.0',
    );
    expectValidation(
      await t.call('POST', '/api/proxies/query', {
        token: user.accessToken,
        body: { pages: { page: 2 ** 53 } },
      }),
      'pages.page',
    );
    // The largest id is still a lookup that finds nothing.
    const largest = await t.call('GET', '/api/proxies/2147483647', { token: user.accessToken });
    expect(largest.statusCode).toBe(404);
  });

  it(`handles Steam account batches of ${MANY} ids (more than one statement can bind one by one)`, async () => {
    // The user's accounts are a slice of the batch; the other ids name no account. The request, its lookup and
    // the answer carry all ${MANY} ids against the real database, and the statements over the user's rows are
    // watched instead of run at ${MANY} rows (a cascade delete of that many accounts took a minute): none binds
    // more than a few parameters, so the ids travel as one array and a batch of any size binds as many.
    const db = t.testDb.database.db;
    const inserted = await db.execute(sql`
      insert into steam_accounts (user_id, login, password_enc, mafile_enc)
      select ${user.id}::uuid, 'bulk' || n, 'x', 'x' from generate_series(1, ${OWNED}::int) as n
      returning id`);
    const owned = (inserted as unknown as { rows: { id: number }[] }).rows.map((row) => row.id);
    expect(owned).toHaveLength(OWNED);
    const first = Math.max(...owned) + 1;
    const ids = [...owned, ...Array.from({ length: MANY - OWNED }, (_, n) => first + n)];
    const sorted = (list: number[]) => [...list].sort((a, b) => a - b);
    const expectOwnedOnly = (res: LightMyRequestResponse) => {
      expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
      const data = res.json().data as { succeededIds: number[]; failed: unknown[] };
      expect(sorted(data.succeededIds)).toEqual(owned);
      expect(data.failed).toHaveLength(MANY - OWNED);
    };

    let largest = { params: 0, text: '' };
    const stop = watchStatements(t.testDb.database, (text, params) => {
      if (params.length > largest.params) largest = { params: params.length, text };
    });
    try {
      const tagged = await t.call('POST', '/api/steam-accounts/batch/tags/add', {
        token: user.accessToken,
        body: { accountIds: ids, tag: { id: 0, name: 'bulk' } },
      });
      expectOwnedOnly(tagged);

      const untagged = await t.call('POST', '/api/steam-accounts/batch/tags/remove', {
        token: user.accessToken,
        body: { accountIds: ids, tagId: tagged.json().data.tag.id },
      });
      expect(untagged.statusCode, untagged.body.slice(0, 300)).toBe(200);

      const noProxy = await t.call('POST', '/api/steam-accounts/batch/proxies', {
        token: user.accessToken,
        body: { accountsToProxies: ids.map((accountId) => ({ accountId, proxyId: null })) },
      });
      expectOwnedOnly(noProxy);

      const removed = await t.call('POST', '/api/steam-accounts/batch/remove', {
        token: user.accessToken,
        body: { accountIds: ids },
      });
      expectOwnedOnly(removed);
    } finally {
      stop();
    }
    expect(largest.params, largest.text).toBeLessThan(OWNED);
  }, 120_000);
});

describe('answers that repeat input lines', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await signedInUser(t, 'echo', owner);
  }, 120_000);

  const hugeLine = 'x'.repeat(1024 * 1024);

  it('cap each echoed line of a proxy parse and add', async () => {
    for (const path of ['/api/proxies/parse', '/api/proxies']) {
      const res = await t.call('POST', path, {
        token: user.accessToken,
        body: { proxies: `203.0.113.5:3128\n${hugeLine}\n203.0.113.5:3128` },
      });
      expect(res.statusCode).toBe(200);
      const { invalid, duplicates } = res.json().data as {
        invalid: { text: string }[];
        duplicates: unknown[];
      };
      expect(invalid).toHaveLength(1);
      expect(invalid[0]!.text).toHaveLength(MAX_ECHOED_CHARACTERS);
      expect(invalid[0]!.text.endsWith('…')).toBe(true);
      expect(duplicates).toHaveLength(1);
      expect(res.body.length).toBeLessThan(10_000);
    }
  });

  it('cap the account named by a rejected account:proxy line', async () => {
    for (const path of [
      '/api/steam-accounts/parse-accounts-to-proxies',
      '/api/steam-accounts/batch/proxies-from-lines',
    ]) {
      const res = await t.call('POST', path, {
        token: user.accessToken,
        body: { lines: `${hugeLine}:not-a-proxy\n${hugeLine}:` },
      });
      expect(res.statusCode).toBe(200);
      expect(res.body.length).toBeLessThan(10_000);
      const errors = res.json().data.errors as { account: string | null }[];
      expect(errors.length).toBeGreaterThan(0);
      for (const error of errors) expect(error.account!.length).toBeLessThanOrEqual(MAX_ECHOED_CHARACTERS);
    }
  });
});
