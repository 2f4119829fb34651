/**
 * Steam accounts through the real API on loopback (sandbox Steam): an import of 1,000 accounts end to end (maFile
 * upload, then add in the distribute mode over a proxy tag), and the p95 of account queries with filters over
 * 20,000 accounts at 50 concurrent clients. Postgres when BENCH_DATABASE_URL is set, else in-memory PGlite.
 */

import type { Db } from '../src/db/database.ts';
import { SandboxWorld, sandboxMafileText } from '../src/integrations/steam/index.ts';
import { authHeaders, type BenchServer, benchFetch, startBenchServer } from './_proxies-server.ts';
import { describeLoad, runQueryLoad } from './_query-load.ts';
import { ACCOUNT_TABLES, copiedIds } from './_team-copy.ts';
import { runPair, scopedOperatorTeam } from './_team-member.ts';

const IMPORT_COUNT = 1000;
/** Accounts of the query part (the workspace figures in docs/workspaces.md use 100,000). */
const QUERY_ACCOUNTS = Number(process.env.BENCH_QUERY_ACCOUNTS ?? 20_000);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 50);
const QUERIES_PER_CLIENT = 20;
const QUERY_TARGET_MS = 50;
const PACED_PER_CLIENT_PER_SECOND = 2;

const databaseUrl = process.env.BENCH_DATABASE_URL?.trim() || null;
const where = databaseUrl ? 'Postgres' : 'PGlite';

async function call<T>(
  base: string,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await benchFetch(`${base}${path}`, {
    method,
    headers: authHeaders(token),
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const envelope = (await response.json()) as { success: boolean; data: T; error: { message: string } };
  if (!envelope.success) throw new Error(`${method} ${path}: ${envelope.error.message}`);
  return envelope.data;
}

const print = (line: string) => process.stdout.write(`${line}\n`);

async function importBench(server: BenchServer): Promise<void> {
  {
    const { base, token } = server;
    const lines = Array.from({ length: 60 }, (_, i) => `10.77.${i >> 8}.${i & 255}:3128:u${i}:p${i}`).join(
      '\n',
    );
    await call(base, token, 'POST', '/api/proxies', { proxies: lines, tag: { id: 0, name: 'Bench pool' } });
    const tags = await call<{ id: number; name: string }[]>(base, token, 'GET', '/api/proxies/tags');
    const tagId = tags.find((tag) => tag.name === 'Bench pool')!.id;
    const accounts = new SandboxWorld().healthyAccounts(IMPORT_COUNT, 30_001);

    const started = performance.now();
    const form = new FormData();
    for (const account of accounts)
      form.append('files', new Blob([sandboxMafileText(account)]), `${account.steamId}.maFile`);
    const uploaded = await fetch(`${base}/api/steam-accounts/extract-mafiles?tryExtractProxy=false`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const extracted = (
      (await uploaded.json()) as { data: { extractedData: { login: string; mafile: string }[] } }
    ).data.extractedData;
    const extractedAt = performance.now();
    const passwords = new Map(accounts.map((a) => [a.login, a.password]));
    const result = await call<{ addedAccounts: unknown[]; errors: Record<string, unknown> }>(
      base,
      token,
      'POST',
      '/api/steam-accounts',
      {
        mode: 'distribute',
        distribute: { proxyTagId: tagId, maxAccountsPerProxy: 20 },
        accounts: Object.fromEntries(
          extracted.map((item, i) => [
            String(i),
            { login: item.login, password: passwords.get(item.login)!, mafile: item.mafile },
          ]),
        ),
      },
    );
    const done = performance.now();
    print(
      `import ${IMPORT_COUNT} sandbox accounts end to end (${where}): ${((done - started) / 1000).toFixed(2)} s` +
        ` — upload+extract ${((extractedAt - started) / 1000).toFixed(2)} s, sign-in+store ${((done - extractedAt) / 1000).toFixed(2)} s` +
        ` (${Math.round(IMPORT_COUNT / ((done - started) / 1000))} accounts/s); added ${result.addedAccounts.length}, failed ${Object.keys(result.errors).length}`,
    );
  }
}

/** The list filters a trader uses: default page, a tag by login, proxied and online deep page, text, tag exclusion. */
function queryBodies(tagIds: number[], count: number): unknown[] {
  const shapes = [
    () => ({ pages: { page: 1, pageSize: 50 } }),
    () => ({ withTagIds: [tagIds[0]], sort: [{ propertyName: 'login', isDescending: false }] }),
    () => ({ hasProxy: true, withStatus: [0], pages: { page: 7, pageSize: 100 } }),
    () => ({ searchString: `bot_${1000 + Math.floor(Math.random() * 9000)}` }),
    () => ({
      exceptTagIds: [tagIds[1]],
      hasProxy: false,
      sort: [{ propertyName: 'lastLoginAt', isDescending: true }],
    }),
    () => ({
      withTagIds: tagIds.slice(0, 2),
      exceptStatus: [2],
      sort: [{ propertyName: 'steamId', isDescending: true }],
    }),
  ];
  return Array.from({ length: count }, (_, i) => shapes[i % shapes.length]!());
}

async function queryBench(server: BenchServer): Promise<void> {
  const { base, token } = server;
  // The imported accounts count towards the 20,000.
  await seedAccounts(
    base,
    token,
    server.db,
    QUERY_ACCOUNTS - (process.env.BENCH_QUERY_ONLY === '1' ? 0 : IMPORT_COUNT),
  );
  const tags = await call<{ id: number; name: string }[]>(base, token, 'GET', '/api/steam-accounts/tags');
  const tagIds = tags.map((tag) => tag.id);
  const bodies = queryBodies(tagIds, 600);
  // Warm up the plans and caches.
  for (const body of bodies.slice(0, 12)) await call(base, token, 'POST', '/api/steam-accounts/query', body);
  const load = {
    base,
    token,
    path: '/api/steam-accounts/query',
    bodies,
    clients: CLIENTS,
    requests: CLIENTS * QUERIES_PER_CLIENT,
    maxSeconds: 60,
  };
  const heading = `query over ${QUERY_ACCOUNTS} accounts, ${CLIENTS} clients (${where})`;
  // Every client sending its next query the moment the last one answers: the server's capacity.
  const saturated = await runQueryLoad({ ...load, perClientPerSecond: 0 });
  print(describeLoad(`${heading}, back to back`, saturated, QUERY_TARGET_MS));
  // Fifty people at their panels, each paging or filtering twice a second.
  const paced = await runQueryLoad({ ...load, perClientPerSecond: PACED_PER_CLIENT_PER_SECOND });
  print(describeLoad(`${heading}, ${PACED_PER_CLIENT_PER_SECOND} queries/s each`, paced, QUERY_TARGET_MS));
  if (process.env.BENCH_MEMBER === '0') return;
  // The same accounts copied into a team workspace, read by an operator limited to a tag every one of them carries
  // (and the two the filters name, so it reads the same rows), in rounds alternating with the personal owner
  // reading the originals: both readers over their half of the table.
  const me = await call<{ id: string }>(base, token, 'GET', '/api/user/info');
  await server.db.execute(`insert into steam_account_tags (user_id, name) values ('${me.id}', 'Desk')`);
  await server.db.execute(`insert into steam_account_tag_links (user_id, account_id, tag_id)
    select a.user_id, a.id, t.id from steam_accounts a join steam_account_tags t on t.user_id = a.user_id
    where a.user_id = '${me.id}' and t.name = 'Desk'`);
  const team = await scopedOperatorTeam(base, server.db, me.id, ACCOUNT_TABLES, ['Desk', 'Farm A', 'Farm B']);
  const teamTags = new Map(
    (await copiedIds(server.db, 'steam_account_tags', me.id, team.workspace, tagIds)).map((id, i) => [
      tagIds[i]!,
      Number(id),
    ]),
  );
  const owner = { ...load, token: team.ownerToken };
  const operator = {
    ...load,
    token: team.token,
    workspace: team.workspace,
    bodies: bodies.map((body) => withTags(body, teamTags)),
  };
  const pairHeading = `query over ${QUERY_ACCOUNTS} accounts each of ${2 * QUERY_ACCOUNTS} in the table (the owner's and the team's copy), ${CLIENTS} clients (${where})`;
  await runPair(
    `${pairHeading}, back to back`,
    { ...owner, perClientPerSecond: 0 },
    { ...operator, perClientPerSecond: 0 },
    null,
    print,
  );
  await runPair(
    `${pairHeading}, ${PACED_PER_CLIENT_PER_SECOND} queries/s each`,
    { ...owner, perClientPerSecond: PACED_PER_CLIENT_PER_SECOND },
    { ...operator, perClientPerSecond: PACED_PER_CLIENT_PER_SECOND },
    null,
    print,
  );
}

/** A query body naming the team's copies of the tags it names. */
function withTags(body: unknown, copies: Map<number, number>): unknown {
  const query = body as { withTagIds?: number[]; exceptTagIds?: number[] };
  const map = (ids?: number[]) => ids?.map((id) => copies.get(id) ?? id);
  return {
    ...query,
    ...(query.withTagIds ? { withTagIds: map(query.withTagIds) } : {}),
    ...(query.exceptTagIds ? { exceptTagIds: map(query.exceptTagIds) } : {}),
  };
}

/**
 * Stored accounts for one user, written straight into the tables (signing each in would measure the
 * import, not the query): a third without a proxy, two tags over parts of them.
 */
async function seedAccounts(base: string, token: string, db: Db, count: number) {
  const lines = Array.from({ length: 200 }, (_, i) => `10.88.${i >> 8}.${i & 255}:8080`).join('\n');
  await call(base, token, 'POST', '/api/proxies', { proxies: lines });
  const me = await call<{ id: string }>(base, token, 'GET', '/api/user/info');
  await db.execute(`
    insert into steam_accounts (user_id, login, steam_id, proxy_id, status, password_enc, mafile_enc,
      has_shared_secret, has_identity_secret, last_login_at, created_at)
    select '${me.id}', 'bot_' || (1000 + g), (76561202300000000 + g)::text,
      case when g % 3 = 0 then null else (select min(id) from proxies where user_id = '${me.id}') + (g % 200) end,
      (g % 5 = 0)::int, 'v1.d1.sealed', 'v1.d1.sealed', true, true,
      now() - (g || ' minutes')::interval, now() - (g || ' seconds')::interval
    from generate_series(1, ${count}) g`);
  await db.execute(
    `insert into steam_account_tags (user_id, name) values ('${me.id}', 'Farm A'), ('${me.id}', 'Farm B')`,
  );
  await db.execute(`
    insert into steam_account_tag_links (user_id, account_id, tag_id)
    select a.user_id, a.id, t.id from steam_accounts a join steam_account_tags t on t.user_id = a.user_id
    where a.user_id = '${me.id}' and ((t.name = 'Farm A' and a.id % 4 = 0) or (t.name = 'Farm B' and a.id % 7 = 0))`);
  await db.execute('analyze');
}

const server = await startBenchServer(databaseUrl);
try {
  if (process.env.BENCH_QUERY_ONLY !== '1') await importBench(server);
  await queryBench(server);
} finally {
  await server.stop();
}
