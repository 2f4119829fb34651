import { hubEvents, WITHHELD_EVENT } from '@tradedeck/sdk/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/database.ts';
import { rowsOf } from '../../src/db/sql-fragments.ts';
import { passwordSlot } from '../../src/modules/proxies/rows.ts';
import { sellerSecretSlot } from '../../src/modules/seller/credentials.ts';
import { accountSlot } from '../../src/modules/steam-accounts/deps.ts';
import type { SecretBox } from '../../src/security/secret-box.ts';
import { type AuthTestApp, createAuthTestApp, type TestUser } from '../auth/helpers/auth-app.ts';
import { signedInUser } from '../helpers/signed-in.ts';
import { officialClient, type ReceivedEvent, waitFor } from '../hubs/signalr-client.ts';
import { inWorkspace, join, teamOf } from './helpers.ts';

// Moving personal data into a team workspace (docs/workspaces.md, "Moving personal data into a team"): one job with
// an outcome per account and proxy; what follows an account moves with it; every secret is sealed again under the
// team workspace's key; a running seller keeps its account back; an outsider learns nothing.
let t: AuthTestApp;
let db: Db;
let secrets: SecretBox;
let owner: TestUser;
let operator: TestUser;
let outsider: TestUser;
let team: string;
/** The owner's: an account on a tagged proxy with a market account, one whose seller runs, a lone proxy. */
const ids = { account: 0, seller: 0, proxy: 0, running: 0, lone: 0, outsiderAccount: 0 };

const one = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await db.execute(query))[0]!;

async function sealedAccount(userId: string, login: string, proxyId: number | null): Promise<number> {
  const { id } = await one<{
    id: number;
  }>(sql`insert into steam_accounts (user_id, login, password_enc, mafile_enc, proxy_id)
    values (${userId}, ${login}, 'x', 'x', ${proxyId}) returning id`);
  const box = await secrets.openFor(userId);
  await db.execute(sql`update steam_accounts set
    password_enc = ${box.encrypt(accountSlot(userId, id, 'password_enc'), `pw-${login}`)},
    mafile_enc = ${box.encrypt(accountSlot(userId, id, 'mafile_enc'), `mafile-${login}`)},
    refresh_token_enc = ${box.encrypt(accountSlot(userId, id, 'refresh_token_enc'), `refresh-${login}`)}
    where id = ${id}`);
  return id;
}

async function sealedSeller(userId: string, steamAccountId: number, status: string): Promise<number> {
  const box = await secrets.openFor(userId);
  const key = box.encrypt(sellerSecretSlot(userId, steamAccountId, 'api_key_enc'), 'market-key-0123456789');
  const pay = box.encrypt(sellerSecretSlot(userId, steamAccountId, 'payment_password_enc'), 'pay-secret');
  const row = await one<{
    id: number;
  }>(sql`insert into seller_accounts (user_id, steam_account_id, api_key_enc, key_id,
      api_key_hint, payment_password_enc, currency, status)
    values (${userId}, ${steamAccountId}, ${key}, 'k', '6789', ${pay}, 'RUB', ${status}) returning id`);
  await db.execute(sql`insert into lots (user_id, seller_account_id, asset_id, class_id, instance_id,
      market_hash_name, game, currency, strategy, status)
    values (${userId}, ${row.id}, ${`asset-${row.id}`}, '1', '0', 'AK-47 | Redline', 'cs2', 'RUB', '{}'::jsonb, 'active')`);
  return row.id;
}

async function addProxy(user: TestUser, line: string, tag: string): Promise<number> {
  const added = await t.call('POST', '/api/proxies', {
    token: user.accessToken,
    body: { proxies: line, tag: { id: 0, name: tag } },
  });
  expect(added.statusCode, added.body).toBe(200);
  return added.json().data.addedIds[0] as number;
}

async function finished(user: TestUser, moveId: number, lang = 'en-US') {
  for (let i = 0; i < 600; i++) {
    const view = await inWorkspace(t, user, team, 'GET', `/api/workspace/moves/${moveId}`, undefined, lang);
    expect(view.statusCode, view.body).toBe(200);
    if (view.json().data.status === 'done') return view.json().data;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the move did not finish');
}

beforeAll(async () => {
  t = await createAuthTestApp();
  db = t.testDb.database.db;
  secrets = t.app.services.auth.secrets;
  owner = await signedInUser(t, 'move-owner', undefined);
  operator = await signedInUser(t, 'move-operator', owner);
  outsider = await signedInUser(t, 'move-outsider', owner);
  team = await teamOf(t, owner, 'farm');
  await join(t, owner, team, operator, 'operator', ['north']);
  ids.proxy = await addProxy(owner, '10.40.0.1:3128:farmer:proxy-secret', 'north');
  ids.lone = await addProxy(owner, '10.40.0.2:3128', 'spare');
  ids.account = await sealedAccount(owner.id, 'move-main', ids.proxy);
  await db.execute(sql`with tag as (insert into steam_account_tags (user_id, name) values (${owner.id}, 'North') returning id)
    insert into steam_account_tag_links (user_id, account_id, tag_id) select ${owner.id}, ${ids.account}, id from tag`);
  ids.seller = await sealedSeller(owner.id, ids.account, 'stopped');
  ids.running = await sealedAccount(owner.id, 'move-busy', null);
  await sealedSeller(owner.id, ids.running, 'running');
  ids.outsiderAccount = await sealedAccount(outsider.id, 'outsider-own', null);
}, 120_000);
afterAll(() => t?.close());

describe('moving personal data into a team workspace', () => {
  let moveId: number;

  it('moves accounts with their proxy, market account and tags; keeps a running seller’s account back', async () => {
    const started = await inWorkspace(t, owner, team, 'POST', '/api/workspace/moves', {
      accountIds: [ids.account, ids.running, ids.outsiderAccount],
      proxyIds: [ids.proxy, ids.lone],
    });
    expect(started.statusCode, started.body).toBe(200);
    moveId = started.json().data.id;
    const move = await finished(owner, moveId);
    const outcome = (kind: string, id: number) =>
      move.items.find((item: { kind: string; id: number }) => item.kind === kind && item.id === id);
    expect(outcome('account', ids.account)).toMatchObject({ state: 'moved', failure: null });
    expect(outcome('proxy', ids.proxy)).toMatchObject({ state: 'moved' });
    expect(outcome('proxy', ids.lone)).toMatchObject({ state: 'moved' });
    expect(outcome('account', ids.running)).toMatchObject({
      state: 'failed',
      failure: 'running',
      message: 'A seller or harvester of this account is running: stop it and move again',
    });
    // Another user's account answers as one that does not exist.
    expect(outcome('account', ids.outsiderAccount)).toMatchObject({ state: 'failed', failure: 'notFound' });
    expect(move).toMatchObject({ total: 5, moved: 3, failed: 2, fromWorkspaceId: owner.id });
    const ru = await finished(owner, moveId, 'ru-RU');
    expect(ru.items.find((item: { id: number }) => item.id === ids.running).message).toBe(
      'Продавец или сборщик этого аккаунта запущен: остановите его и повторите перенос',
    );

    const where = await one<{
      account: string;
      seller: string;
      proxy: string;
      busy: string;
      outsider: string;
    }>(
      sql`select (select user_id from steam_accounts where id = ${ids.account}) as account,
        (select user_id from seller_accounts where id = ${ids.seller}) as seller,
        (select user_id from proxies where id = ${ids.proxy}) as proxy,
        (select user_id from steam_accounts where id = ${ids.running}) as busy,
        (select user_id from steam_accounts where id = ${ids.outsiderAccount}) as outsider`,
    );
    expect(where).toEqual({
      account: team,
      seller: team,
      proxy: team,
      busy: owner.id,
      outsider: outsider.id,
    });
    const lots = await one<{ team: number; other: number }>(
      sql`select count(*) filter (where user_id = ${team})::int as team,
        count(*) filter (where user_id <> ${team})::int as other from lots where seller_account_id = ${ids.seller}`,
    );
    expect(lots).toEqual({ team: 1, other: 0 });
  });

  it('seals every moved secret under the team workspace’s key: it opens there and no longer under the personal key', async () => {
    const teamBox = await secrets.openFor(team);
    const personalBox = await secrets.openFor(owner.id);
    const account = await one<{ password_enc: string; mafile_enc: string; refresh_token_enc: string }>(
      sql`select password_enc, mafile_enc, refresh_token_enc from steam_accounts where id = ${ids.account}`,
    );
    expect(teamBox.decrypt(accountSlot(team, ids.account, 'password_enc'), account.password_enc)).toBe(
      'pw-move-main',
    );
    expect(teamBox.decrypt(accountSlot(team, ids.account, 'mafile_enc'), account.mafile_enc)).toBe(
      'mafile-move-main',
    );
    expect(
      teamBox.decrypt(accountSlot(team, ids.account, 'refresh_token_enc'), account.refresh_token_enc),
    ).toBe('refresh-move-main');
    expect(() =>
      personalBox.decrypt(accountSlot(owner.id, ids.account, 'password_enc'), account.password_enc),
    ).toThrow();
    const seller = await one<{ api_key_enc: string; payment_password_enc: string }>(
      sql`select api_key_enc, payment_password_enc from seller_accounts where id = ${ids.seller}`,
    );
    expect(teamBox.decrypt(sellerSecretSlot(team, ids.account, 'api_key_enc'), seller.api_key_enc)).toBe(
      'market-key-0123456789',
    );
    expect(
      teamBox.decrypt(
        sellerSecretSlot(team, ids.account, 'payment_password_enc'),
        seller.payment_password_enc,
      ),
    ).toBe('pay-secret');
    const proxy = await one<{ identity_hash: string; password_enc: string }>(
      sql`select identity_hash, password_enc from proxies where id = ${ids.proxy}`,
    );
    expect(teamBox.decrypt(passwordSlot(team, proxy.identity_hash), proxy.password_enc)).toBe('proxy-secret');
    // The same proxy added to the team again is found a repeat: its identity is hashed with the team's key.
    const again = await inWorkspace(t, owner, team, 'POST', '/api/proxies', {
      proxies: '10.40.0.1:3128:farmer:proxy-secret',
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.addedIds).toEqual([]);
  });

  it('shows the moved objects in the team, with their tags, to a member limited to those tags', async () => {
    const proxies = await inWorkspace(t, operator, team, 'POST', '/api/proxies/query', {});
    expect(proxies.statusCode, proxies.body).toBe(200);
    expect(proxies.json().data.items.map((row: { id: number }) => row.id)).toEqual([ids.proxy]);
    const seen = await one<{ n: number }>(sql`select count(*)::int as n from steam_account_tag_links l
      join steam_account_tags g on g.id = l.tag_id where l.account_id = ${ids.account} and g.user_id = ${team}`);
    expect(seen.n).toBe(1);
    const mine = await t.call('POST', '/api/proxies/query', { token: owner.accessToken, body: {} });
    expect(mine.json().data.items.map((row: { id: number }) => row.id)).toEqual([]);
  });

  it('answers an outsider as for a move that does not exist, and refuses an operator and a personal target', async () => {
    const missing = await inWorkspace(t, owner, team, 'GET', '/api/workspace/moves/2000000000');
    const stranger = await t.call('GET', `/api/workspace/moves/${moveId}`, { token: outsider.accessToken });
    expect(missing.statusCode).toBe(404);
    const answer = (r: typeof missing) => [r.statusCode, { ...r.json().error, traceId: null }];
    expect(answer(stranger)).toEqual(answer(missing));
    const foreignTeam = await inWorkspace(t, outsider, team, 'GET', `/api/workspace/moves/${moveId}`);
    expect(foreignTeam.statusCode).toBe(404);
    const byOperator = await inWorkspace(t, operator, team, 'POST', '/api/workspace/moves', {
      accountIds: [ids.running],
    });
    expect([byOperator.statusCode, byOperator.json().error.resultCode]).toEqual([403, 104]);
    const intoPersonal = await t.call('POST', '/api/workspace/moves', {
      token: owner.accessToken,
      body: { accountIds: [ids.running] },
    });
    expect(intoPersonal.statusCode, intoPersonal.body).toBe(409);
    expect(intoPersonal.json().error.message).toBe(
      'Data moves into a team workspace only: switch to it and try again',
    );
  });
});

describe('the live view of a move', () => {
  it('members following the lists receive what arrived, a member limited to tags only its own', async () => {
    const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const north = await addProxy(owner, '10.41.0.1:3128', 'north');
    const spare = await addProxy(owner, '10.41.0.2:3128', 'spare');
    const account = await sealedAccount(owner.id, 'move-live', null);
    const follow = async (user: TestUser, hub: string, source: string, names: string[]) => {
      const connection = officialClient(url, `${hub}?workspace=${team}`, () => user.accessToken);
      const seen: Array<{ name: string; event: ReceivedEvent }> = [];
      for (const name of [...names, WITHHELD_EVENT])
        connection.on(name, (event: ReceivedEvent) => seen.push({ name, event }));
      await connection.start();
      await connection.invoke('Subscribe', source);
      return { connection, seen };
    };
    const PROXY = hubEvents.proxyMovedIn;
    const ACCOUNT = hubEvents.accountMovedIn;
    const ownerProxies = await follow(owner, PROXY.hub, 'proxies', [PROXY.name]);
    const scopedProxies = await follow(operator, PROXY.hub, 'proxies', [PROXY.name]);
    const ownerAccounts = await follow(owner, ACCOUNT.hub, 'accounts', [ACCOUNT.name]);
    try {
      const started = await inWorkspace(t, owner, team, 'POST', '/api/workspace/moves', {
        accountIds: [account],
        proxyIds: [north, spare],
      });
      expect(started.statusCode, started.body).toBe(200);
      const liveMove = started.json().data.id as number;
      await waitFor(
        () =>
          ownerProxies.seen.length === 2 &&
          scopedProxies.seen.length === 2 &&
          ownerAccounts.seen.length === 1,
        'the moved rows announced',
        30_000,
      );
      const payloads = (seen: typeof ownerProxies.seen) =>
        seen
          .map((e) => [e.name, e.event.payload])
          .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
      expect(payloads(ownerProxies.seen)).toEqual(
        [
          [PROXY.name, { id: north, moveId: liveMove }],
          [PROXY.name, { id: spare, moveId: liveMove }],
        ].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
      );
      expect(ownerAccounts.seen.map((e) => e.event.payload)).toEqual([{ id: account, moveId: liveMove }]);
      // The member limited to "north" learns of the north proxy and, in the spare one's place, a withheld event.
      expect(scopedProxies.seen.map((e) => e.name).sort()).toEqual([PROXY.name, WITHHELD_EVENT].sort());
      expect(scopedProxies.seen.find((e) => e.name === PROXY.name)?.event.payload).toEqual({
        id: north,
        moveId: liveMove,
      });
      expect(JSON.stringify(scopedProxies.seen)).not.toContain(`"id":${spare}`);
      // What the event announced is there when the member reads its list again.
      const list = await inWorkspace(t, operator, team, 'POST', '/api/proxies/query', {});
      expect(list.json().data.items.map((row: { id: number }) => row.id)).toContain(north);
    } finally {
      await Promise.all(
        [ownerProxies, scopedProxies, ownerAccounts].map(({ connection }) => connection.stop()),
      );
    }
  });
});
