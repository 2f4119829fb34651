import type { HubConnection } from '@microsoft/signalr';
import { HUB_NAMES, hubEvents, WITHHELD_EVENT } from '@tradedeck/sdk/contract';
import { createHubClient, type HubClient, type HubEvent, type HubNotice } from '@tradedeck/sdk/hubs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sequenceToken } from '../../src/hubs/event-log/sequence-token.ts';
import { type AuthTestApp, createAuthTestApp, type TestUser } from '../auth/helpers/auth-app.ts';
import { signedInUser } from '../helpers/signed-in.ts';
import { insertSellerAccount, insertSteamAccount } from '../helpers/trading-rows.ts';
import { officialClient, type ReceivedEvent, waitFor } from '../hubs/signalr-client.ts';
import { withOpenPayload } from '../hubs/transport-events.ts';
import { inWorkspace, join, teamOf } from './helpers.ts';

// Live events in a team workspace (docs/workspaces.md, "Live events"): a member limited to tags receives the events
// about its accounts and proxies and, in their place, the others withheld (source and version, no payload); the
// workspace's own events (harvester, notifications) follow the role alone; a stranger is refused on every hub.
const PROXY_STATUS = withOpenPayload(hubEvents.proxyStatusUpdated);
const ACCOUNT_STATUS = withOpenPayload(hubEvents.accountStatusChanged);
const ADD_PROGRESS = withOpenPayload(hubEvents.accountsAddProgress);
const NOTIFICATION = withOpenPayload(hubEvents.notificationPosted);
const LOTS = withOpenPayload(hubEvents.lotsChanged);
const TRANSFER = withOpenPayload(hubEvents.transferUpdated);
const SESSION = withOpenPayload(hubEvents.sessionUpdated);

let t: AuthTestApp;
let url: string;
let owner: TestUser;
let scoped: TestUser;
let viewer: TestUser;
let outsider: TestUser;
let team: string;
let north: number;
let south: number;
/** Steam and market accounts of the team: `in` tagged North (the scoped member's tag), `out` untagged. */
const steam = { in: 0, out: 0 };
const market = { in: 0, out: 0 };
const open: Array<{ stop(): Promise<void> }> = [];

beforeAll(async () => {
  t = await createAuthTestApp();
  owner = await signedInUser(t, 'hub-owner', undefined);
  scoped = await signedInUser(t, 'hub-scoped', owner);
  viewer = await signedInUser(t, 'hub-viewer', owner);
  outsider = await signedInUser(t, 'hub-outsider', owner);
  team = await teamOf(t, owner, 'hubs');
  await join(t, owner, team, scoped, 'operator', ['North']);
  await join(t, owner, team, viewer, 'viewer');
  const add = async (line: string, tag: string) => {
    const added = await inWorkspace(t, owner, team, 'POST', '/api/proxies', {
      proxies: line,
      tag: { id: 0, name: tag },
    });
    expect(added.statusCode, added.body).toBe(200);
    return added.json().data.addedIds[0] as number;
  };
  north = await add('10.20.0.1:3128', 'north');
  south = await add('10.20.0.2:3128', 'south');
  const db = t.testDb.database.db;
  for (const side of ['in', 'out'] as const) {
    steam[side] = await insertSteamAccount(db, team, {
      login: `hub-${side}`,
      steamId: `7656119${side === 'in' ? 1 : 2}`,
    });
    market[side] = await insertSellerAccount(db, team, steam[side]);
  }
  await db.execute(sql`with tag as (insert into steam_account_tags (user_id, name) values (${team}, 'north') returning id)
    insert into steam_account_tag_links (user_id, account_id, tag_id) select ${team}, ${steam.in}, id from tag`);
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
}, 120_000);
afterAll(async () => {
  await Promise.all(open.map((c) => c.stop()));
  await t?.close();
});

async function connect(user: TestUser, hub: string, workspace: string): Promise<HubConnection> {
  const connection = officialClient(`${url}`, `${hub}?workspace=${workspace}`, () => user.accessToken);
  open.push(connection);
  await connection.start();
  return connection;
}

/** Everything a connection receives on its subscribed sources, withheld events included, in order. */
function recorder(connection: HubConnection, names: string[]) {
  const seen: Array<{ name: string; event: ReceivedEvent }> = [];
  for (const name of [...names, WITHHELD_EVENT])
    connection.on(name, (event: ReceivedEvent) => seen.push({ name, event }));
  return seen;
}

describe('live events in a team workspace', () => {
  it('a member limited to tags receives its proxies’ events and the others withheld, in order', async () => {
    const scopedHub = await connect(scoped, 'proxy-checker-hub', team);
    const viewerHub = await connect(viewer, 'proxy-checker-hub', team);
    const forScoped = recorder(scopedHub, [PROXY_STATUS.name]);
    const forViewer = recorder(viewerHub, [PROXY_STATUS.name]);
    await scopedHub.invoke('Subscribe', 'proxies');
    await viewerHub.invoke('Subscribe', 'proxies');

    await t.app.hubs.eventLog.append(team, PROXY_STATUS, 'proxies', { id: south, result: 0 });
    await t.app.hubs.eventLog.append(team, PROXY_STATUS, 'proxies', { id: north, result: 1 });
    await waitFor(() => forScoped.length === 2 && forViewer.length === 2, 'two events each');

    expect(forViewer.map((e) => [e.name, e.event.payload])).toEqual([
      [PROXY_STATUS.name, { id: south, result: 0 }],
      [PROXY_STATUS.name, { id: north, result: 1 }],
    ]);
    expect(forScoped.map((e) => [e.name, e.event.version, e.event.payload])).toEqual([
      [WITHHELD_EVENT, forViewer[0]!.event.version, null],
      [PROXY_STATUS.name, forViewer[1]!.event.version, { id: north, result: 1 }],
    ]);
    expect(JSON.stringify(forScoped)).not.toContain(`"id":${south}`);

    // Replayed from the start and read back from the log: the same.
    const replayHub = await connect(scoped, 'proxy-checker-hub', team);
    const replayed = recorder(replayHub, [PROXY_STATUS.name]);
    await replayHub.invoke('Subscribe', 'proxies', sequenceToken(0));
    await waitFor(() => replayed.length === 2, 'the replay');
    const log: Array<{ eventName: string; payload: unknown }> = [];
    await new Promise<void>((resolve, reject) =>
      replayHub.stream('ReadLog', 'proxies', null).subscribe({
        next: (item) => log.push(item as never),
        complete: resolve,
        error: reject,
      }),
    );
    expect(log.map((item) => [item.eventName, item.payload])).toEqual(
      forScoped.map((e) => [e.name, e.event.payload]),
    );
    expect(replayed).toEqual(forScoped);
  });

  it('withholds account events outside the tags and add jobs, delivers the workspace’s own events', async () => {
    const trading = await connect(scoped, 'steam-trading-hub', team);
    const notices = await connect(scoped, 'notifications-hub', team);
    const onTrading = recorder(trading, [ACCOUNT_STATUS.name, ADD_PROGRESS.name]);
    const onNotices = recorder(notices, [NOTIFICATION.name]);
    await trading.invoke('Subscribe', 'accounts');
    await notices.invoke('Subscribe', 'notifications');
    await t.app.hubs.eventLog.append(team, ACCOUNT_STATUS, 'accounts', {
      accountId: 424242,
      accountStatus: 2,
    });
    await t.app.hubs.eventLog.append(team, ADD_PROGRESS, 'accounts', {
      jobId: 'j',
      login: 'someone',
      done: 1,
    });
    await t.app.hubs.eventLog.append(team, NOTIFICATION, 'notifications', { unread: 1 });
    await waitFor(() => onTrading.length === 2 && onNotices.length === 1, 'three events');
    expect(onTrading.map((e) => [e.name, e.event.payload])).toEqual([
      [WITHHELD_EVENT, null],
      [WITHHELD_EVENT, null],
    ]);
    expect(onNotices.map((e) => [e.name, e.event.payload])).toEqual([[NOTIFICATION.name, { unread: 1 }]]);
  });

  it('shows an event naming several accounts only when all of them are in scope, never in part', async () => {
    const lots = await connect(scoped, 'lots-hub', team);
    const seller = await connect(scoped, 'seller-hub', team);
    const harvester = await connect(scoped, 'harvester-hub', team);
    const onLots = recorder(lots, [LOTS.name]);
    const onSeller = recorder(seller, [TRANSFER.name]);
    const onHarvester = recorder(harvester, [SESSION.name]);
    await lots.invoke('Subscribe', 'lots');
    await seller.invoke('Subscribe', 'accounts');
    await harvester.invoke('Subscribe', 'sessions');
    const lot = (id: number, accountId: number) => ({
      id,
      accountId,
      price: null,
      status: 'active',
      issues: [],
    });
    const both = { lots: [lot(1, market.in), lot(2, market.out)] };
    const mine = { lots: [lot(3, market.in)] };
    await t.app.hubs.eventLog.append(team, LOTS, 'lots', both);
    await t.app.hubs.eventLog.append(team, LOTS, 'lots', mine);
    const transfer = (fromId: number, toId: number) => ({
      id: 1,
      fromId,
      fromLogin: 'a',
      toId,
      toLogin: 'b',
    });
    await t.app.hubs.eventLog.append(team, TRANSFER, 'accounts', transfer(market.in, market.out));
    await t.app.hubs.eventLog.append(team, TRANSFER, 'accounts', transfer(market.in, market.in));
    const session = (sources: number[], targets: number[]) => ({
      id: 7,
      sources: sources.map((id) => ({ id, login: `hub-${id}` })),
      targets: targets.map((id) => ({ id, login: `hub-${id}` })),
    });
    await t.app.hubs.eventLog.append(team, SESSION, 'sessions', session([steam.in], [steam.out]));
    await t.app.hubs.eventLog.append(team, SESSION, 'sessions', session([steam.in], [steam.in]));
    await waitFor(
      () => onLots.length === 2 && onSeller.length === 2 && onHarvester.length === 2,
      'two events on each hub',
    );
    expect(onLots.map((e) => [e.name, e.event.payload])).toEqual([
      [WITHHELD_EVENT, null],
      [LOTS.name, mine],
    ]);
    expect(onSeller.map((e) => [e.name, e.event.payload])).toEqual([
      [WITHHELD_EVENT, null],
      [TRANSFER.name, transfer(market.in, market.in)],
    ]);
    expect(onHarvester.map((e) => [e.name, e.event.payload])).toEqual([
      [WITHHELD_EVENT, null],
      [SESSION.name, session([steam.in], [steam.in])],
    ]);
    // Nothing of the withheld lot change reaches the member: neither its lot in scope nor the other.
    expect(JSON.stringify(onLots)).not.toContain(`"accountId":${market.out}`);
    expect(onLots[0]!.event.payload).toBeNull();
  });

  it('the sdk hub client keeps its order across withheld events and hands its handlers only the rest', async () => {
    const notices: HubNotice[] = [];
    const client: HubClient = createHubClient({
      baseUrl: url,
      hub: 'proxy-checker-hub',
      workspace: team,
      accessToken: () => scoped.accessToken,
      onNotice: (notice) => notices.push(notice),
    });
    open.push(client);
    await client.start();
    const received: HubEvent[] = [];
    await client.subscribe('proxies', (event) => received.push(event));
    for (const id of [south, north, south, north])
      await t.app.hubs.eventLog.append(team, PROXY_STATUS, 'proxies', { id, result: 1 });
    await waitFor(() => received.length === 2, 'the two events about the north proxy');
    expect(received.map((e) => (e.payload as { id: number }).id)).toEqual([north, north]);
    expect(notices.filter((n) => n.kind === 'desync')).toEqual([]);
  });

  it('refuses a stranger on every hub exactly as a workspace that does not exist', async () => {
    for (const hub of HUB_NAMES) {
      const negotiate = (workspace: string) =>
        t.app.inject({
          method: 'POST',
          url: `/tenant/hubs/${hub}/negotiate?negotiateVersion=1&workspace=${workspace}`,
          headers: { authorization: `Bearer ${outsider.accessToken}` },
        });
      const stranger = await negotiate(team);
      const missing = await negotiate(crypto.randomUUID());
      expect(stranger.statusCode, hub).toBe(401);
      expect([missing.statusCode, missing.body], hub).toEqual([stranger.statusCode, stranger.body]);
      const member = await t.app.inject({
        method: 'POST',
        url: `/tenant/hubs/${hub}/negotiate?negotiateVersion=1&workspace=${team}`,
        headers: { authorization: `Bearer ${scoped.accessToken}` },
      });
      expect(member.statusCode, hub).toBe(200);
    }
  });
});
