import type { PROXY_SORT_PROPERTIES } from '@tradedeck/sdk/contract';
import { and, asc, desc, eq, inArray, isNotNull, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { reusePlansInBulkWrite } from '../../db/bulk-writes.ts';
import type { Db } from '../../db/database.ts';
import { sqlStateOf, UNIQUE_VIOLATION } from '../../db/database-error-reason.ts';
import { pageIds, pageKeyFields } from '../../db/list-ids.ts';
import {
  afterKeys,
  keyColumns,
  type ListAnswer,
  type ListKey,
  type ListWindow,
  listAnswer,
  listTotal,
  orderByKeys,
  pagePlan,
  pastCap,
} from '../../db/list-page.ts';
import { statementSnapshot } from '../../db/list-totals.ts';
import { proxies, proxyTagLinks, proxyTags, steamAccounts } from '../../db/schema.ts';
import { anyId, anyText, inSearchResult, likeContains, rowsOf } from '../../db/sql-fragments.ts';
import type { UserScope } from '../../security/user-scope.ts';
import { type ProxyFilters, proxyFilterWhere, proxyStatusSql, searchWalksOrder } from './filter-sql.ts';
import { chunks, LINK_CHUNK, pushTo } from './lists.ts';
import { LoginMatchQueries } from './login-match-repo.ts';
import { fromPageRow, type PageRow } from './page-row.ts';
import { ProxyTagQueries, type TagRow } from './tag-repo.ts';

export type ProxySortProperty = (typeof PROXY_SORT_PROPERTIES)[number];
export interface ProxySort {
  propertyName: ProxySortProperty;
  isDescending: boolean;
}

/** A saved proxy as a connection through it needs it (a check, a Steam sign-in): the password still sealed. */
export type SealedProxy = Pick<
  ProxyDbRow,
  'id' | 'protocol' | 'host' | 'port' | 'username' | 'passwordEnc' | 'identityHash'
>;

/** A stored proxy as the module reads it (never the password itself, only the envelope when asked for). */
export interface ProxyDbRow {
  id: number;
  protocol: number;
  host: string;
  port: number;
  username: string | null;
  passwordEnc: string | null;
  identityHash: string;
  name: string | null;
  countryCode: string | null;
  status: number;
  lastCheckedAt: Date | null;
  lastValid: boolean | null;
  lastLatencyMs: number | null;
  lastExitIp: string | null;
  lastErrorClass: string | null;
  createdAt: Date;
}

/** What a list row links to: its tags and the Steam accounts that use it. */
export interface ProxyLinks {
  tags: TagRow[];
  accounts: { id: number; login: string }[];
}

export interface NewProxyRow {
  protocol: number;
  host: string;
  port: number;
  username: string | null;
  passwordEnc: string | null;
  name: string | null;
  identityHash: string;
}

/** Rows per INSERT statement: bounds the size of one message to the database. */
const INSERT_CHUNK = 20_000;

/** All SQL of the proxies module. Every call runs inside the caller's user scope (row-level security). */
export class ProxiesRepo {
  constructor(private readonly scope: UserScope) {}

  run<T>(userId: string, work: (q: ProxyQueries) => Promise<T>): Promise<T> {
    return this.scope.run(userId, (tx) => work(new ProxyQueries(tx, userId)));
  }
}

export class ProxyQueries {
  constructor(
    private readonly tx: Db,
    readonly userId: string,
  ) {}

  /** The queries that match proxies by address and login, in this transaction. */
  logins(): LoginMatchQueries {
    return new LoginMatchQueries(this.tx, this.userId);
  }

  /** The queries of the user's proxy tags and their links, in this transaction. */
  tags(): ProxyTagQueries {
    return new ProxyTagQueries(this.tx, this.userId);
  }

  private columns() {
    return {
      id: proxies.id,
      protocol: proxies.protocol,
      host: proxies.host,
      port: proxies.port,
      username: proxies.username,
      passwordEnc: proxies.passwordEnc,
      identityHash: proxies.identityHash,
      name: proxies.name,
      countryCode: proxies.countryCode,
      status: proxyStatusSql(this.userId),
      lastCheckedAt: proxies.lastCheckedAt,
      lastValid: proxies.lastValid,
      lastLatencyMs: proxies.lastLatencyMs,
      lastExitIp: proxies.lastExitIp,
      lastErrorClass: proxies.lastErrorClass,
      createdAt: proxies.createdAt,
    };
  }

  /** The stored columns of a proxy (the status as the last check left it, not as shown). */
  private storedColumns() {
    return { ...this.columns(), status: proxies.status };
  }

  /** The order of a list: the requested properties, then id as the tiebreak (newest first by default). */
  listKeys(sort: readonly ProxySort[]): ListKey[] {
    if (sort.length === 0) return [{ expr: proxies.id, descending: true }];
    const keys: ListKey[] = sort.map(({ propertyName, isDescending }) => ({
      expr: this.sortColumn(propertyName),
      descending: isDescending,
      // The derived status is never null; the other keys are columns that say so themselves.
      ...(propertyName === 'status' ? { notNull: true } : {}),
      // Checks are listed newest first: their index is `(user_id, last_checked_at desc nulls last, id)`.
      ...(propertyName === 'checkedAt' ? { indexedDescending: true } : {}),
    }));
    if (!sort.some((s) => s.propertyName === 'id')) keys.push({ expr: proxies.id, descending: false });
    return keys;
  }

  /** The ORDER BY of a list, nulls always last. */
  orderBy(sort: readonly ProxySort[]): SQL[] {
    return orderByKeys(this.listKeys(sort));
  }

  private sortColumn(property: ProxySortProperty): SQLWrapper {
    switch (property) {
      case 'id':
        return proxies.id;
      case 'proxyName':
        return sql`lower(${proxies.name})`;
      case 'address':
        return proxies.host;
      case 'port':
        return proxies.port;
      case 'protocol':
        return proxies.protocol;
      case 'countryCode':
        return proxies.countryCode;
      case 'status':
        return proxyStatusSql(this.userId);
      case 'latencyMs':
        return proxies.lastLatencyMs;
      case 'checkedAt':
        return proxies.lastCheckedAt;
      case 'createdAt':
        return proxies.createdAt;
    }
  }

  /**
   * One page of the list (an OFFSET page or the keyset page after a cursor) with its tags, Steam accounts and
   * capped total, in one statement: the page's rows are a CTE, so the tags and accounts are read for the page's
   * ids only (select-list subqueries of the page query itself would run for every row an OFFSET skips too), and
   * the status a row shows is derived from its accounts rather than from every account of the user. On the
   * embedded database each statement costs a planning and a round trip of its own; see docs/performance.md.
   */
  async page(
    filters: Partial<ProxyFilters>,
    sort: readonly ProxySort[],
    window: ListWindow,
  ): Promise<ListAnswer<ProxyDbRow & ProxyLinks>> {
    const where = proxyFilterWhere(this.userId, filters);
    const keys = this.listKeys(sort);
    const list = {
      list: 'proxies',
      userId: this.userId,
      // The status (a filter or a sort) reads the accounts that make a proxy "in use".
      sources:
        filters.withStatus?.length || sort.some((s) => s.propertyName === 'status')
          ? (['proxies', 'proxy_tag_links', 'steam_accounts'] as const)
          : (['proxies', 'proxy_tag_links'] as const),
    };
    const total = listTotal(this.tx, { table: proxies, where }, window, list);
    // A search known to match many rows reads its page by walking the list's order; its total is still counted
    // (and kept) through the trigram index.
    const pageWhere = searchWalksOrder(filters, total.keptCount)
      ? proxyFilterWhere(this.userId, filters, { walkSearch: true })
      : where;
    // A page by number starts from the nearest boundary kept for this filter and order, by keyset.
    const plan = pagePlan(this.tx, window, keys, pageWhere, list);
    // The page's ids first, from the filters' and the order's indexes alone where they hold every column read
    // (rows an OFFSET skips or a filter drops are never fetched), then the columns of those ids only.
    const keyFields = pageKeyFields(keys);
    const ids = pageIds(plan, window, keys, pageWhere, () =>
      this.tx
        .select({ pageId: sql<number>`${proxies.id}`.as('page_id'), ...keyFields })
        .from(proxies)
        .$dynamic(),
    );
    const rows = this.tx
      .select({
        ...this.storedColumns(),
        ...Object.fromEntries(Object.keys(keyFields).map((name) => [name, ids[name as keyof typeof ids]])),
      })
      .from(proxies)
      .innerJoin(ids, eq(proxies.id, ids.pageId));
    const page = sql.identifier('page');
    const pageId = sql`${page}.${sql.identifier('id')}`;
    const statement = sql`with ${page} as (${rows})
      select ${page}.*,
        (select coalesce(json_agg(json_build_object('id', t.id, 'name', t.name) order by lower(t.name), t.id),
          '[]'::json)
          from ${proxyTagLinks} l join ${proxyTags} t on t.id = l.tag_id where l.proxy_id = ${pageId}) as tags,
        (select coalesce(json_agg(json_build_object('id', a.id, 'login', a.login) order by a.id), '[]'::json)
          from ${steamAccounts} a where a.user_id = ${this.userId} and a.proxy_id = ${pageId}) as accounts,
        ${plan.trailing ? sql`null` : total.inPage(sql`${page}`)} as total,
        ${statementSnapshot} as page_snapshot
      from ${page}
      order by ${sql.join(
        orderByKeys(
          keys.map(({ descending }, i) => ({ expr: sql`${page}.${sql.identifier(`k${i}`)}`, descending })),
        ),
        sql`, `,
      )}`;
    const read = rowsOf<PageRow>(await this.tx.execute(statement));
    const found = read.slice(plan.leading ? 1 : 0).map(fromPageRow);
    const more = plan.trailing && found.length > window.pageSize;
    if (more) found.pop();
    plan.remember(read, found, read[0]?.page_snapshot ?? null);
    const count =
      (plan.trailing ? pastCap(window, found.length, more) : null) ??
      // Past the cap the statement carries no total: an empty page is counted on its own.
      (await total.read(plan.trailing ? undefined : read[0]?.total, found.length));
    return listAnswer(found, (row) => row.item, window, keys, count);
  }

  async byIds(ids: readonly number[]): Promise<ProxyDbRow[]> {
    if (ids.length === 0) return [];
    return this.tx
      .select(this.columns())
      .from(proxies)
      .where(and(eq(proxies.userId, this.userId), anyId(proxies.id, ids)));
  }

  /** Which of these ids are the user's proxies. */
  async ownedIds(ids: readonly number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await this.tx
      .select({ id: proxies.id })
      .from(proxies)
      .where(and(eq(proxies.userId, this.userId), anyId(proxies.id, ids)));
    return new Set(rows.map((row) => row.id));
  }

  /** Ids of the proxies matching the filters (or the given ids), in the requested order. */
  async orderedIds(
    filters: Partial<ProxyFilters>,
    ids: readonly number[] | undefined,
    sort: readonly ProxySort[],
  ) {
    const where = proxyFilterWhere(this.userId, filters);
    const rows = await this.tx
      .select({ id: proxies.id })
      .from(proxies)
      .where(ids ? and(where, anyId(proxies.id, ids)) : where)
      .orderBy(...this.orderBy(sort));
    return rows.map((row) => row.id);
  }

  /** The rows after these key values in the list's order (from the start when null): keyset pages of exports. */
  async rowsAfter(
    filters: Partial<ProxyFilters>,
    sort: readonly ProxySort[],
    after: (string | null)[] | null,
    limit: number,
  ): Promise<(ProxyDbRow & Record<string, unknown>)[]> {
    const where = proxyFilterWhere(this.userId, filters);
    const keys = this.listKeys(sort);
    return this.tx
      .select({ ...this.columns(), ...keyColumns(keys) })
      .from(proxies)
      .where(after ? and(where, afterKeys(keys, after)) : where)
      .orderBy(...orderByKeys(keys))
      .limit(limit);
  }

  /** Steam accounts using each proxy. */
  async accountsOf(proxyIds: readonly number[]): Promise<Map<number, { id: number; login: string }[]>> {
    const byProxy = new Map<number, { id: number; login: string }[]>();
    if (proxyIds.length === 0) return byProxy;
    for (const chunk of chunks(proxyIds, LINK_CHUNK)) {
      const rows = await this.tx
        .select({ proxyId: steamAccounts.proxyId, id: steamAccounts.id, login: steamAccounts.login })
        .from(steamAccounts)
        .where(and(eq(steamAccounts.userId, this.userId), inArray(steamAccounts.proxyId, chunk)))
        .orderBy(asc(steamAccounts.id));
      for (const row of rows) pushTo(byProxy, row.proxyId!, { id: row.id, login: row.login });
    }
    return byProxy;
  }

  async countByStatus(): Promise<{ status: number; count: number }[]> {
    const status = proxyStatusSql(this.userId);
    return (
      this.tx
        .select({ status, count: sql<number>`count(*)::int` })
        .from(proxies)
        .where(eq(proxies.userId, this.userId))
        // By position: the status expression carries a parameter, and GROUP BY must match the select exactly.
        .groupBy(sql`1`)
    );
  }

  async countries(): Promise<{ code: string | null; count: number }[]> {
    return this.tx
      .select({ code: proxies.countryCode, count: sql<number>`count(*)::int` })
      .from(proxies)
      .where(eq(proxies.userId, this.userId))
      .groupBy(proxies.countryCode)
      .orderBy(sql`count(*) desc`, sql`${proxies.countryCode} asc nulls last`);
  }

  /**
   * Inserts the rows that are not stored yet (same identity); returns the identity hashes that went in, with
   * their new ids. Each chunk is one statement over column arrays (`unnest`), far cheaper to plan and bind than a
   * multi-row VALUES list. The next chunk is taken from `chunks` (which may seal it then) once the statement of the
   * one before is on its way, so that work overlaps the database's. A source that yields to the event loop while
   * it seals lets the statement's parameters finish going out meanwhile. `tagIds`: the tags the caller links to
   * the new rows next, written with them, so that the links' trigger finds them right and writes no row again.
   *
   * A chunk is first inserted plainly, under a savepoint: the unique identity index refuses a proxy the user
   * already has (stored before, or by an add running at the same time), and the chunk is then written again with
   * `on conflict do nothing`, as is every later chunk of the import (a list that repeats stored proxies usually
   * repeats many). `on conflict` costs a check of the identity index before each row and a second write to confirm
   * it, about a sixth of the database's work for a list of new proxies, which is most imports.
   *
   * The foreign key's check of each new row (and of each tag link written after it in the same transaction) runs
   * on a cached plan instead of being planned again per row.
   */
  async insertNewChunks(
    chunks: Iterable<readonly NewProxyRow[]> | AsyncIterable<readonly NewProxyRow[]>,
    tagIds: readonly number[] = [],
  ): Promise<Map<string, number>> {
    const inserted = new Map<string, number>();
    await reusePlansInBulkWrite(this.tx);
    const source =
      Symbol.asyncIterator in chunks ? chunks[Symbol.asyncIterator]() : chunks[Symbol.iterator]();
    let next = await source.next();
    let plain = true;
    while (!next.done) {
      const chunk = next.value;
      // Settled into a value at once: a statement that fails while the next chunk is sealed must not become an
      // unhandled rejection (which ends the process); it is thrown below, inside the transaction.
      const writing = (async () => {
        if (plain) {
          const rows = await this.insertPlain(chunk, tagIds);
          if (rows) return rows;
          plain = false;
        }
        return this.insertChunk(chunk, tagIds, true);
      })().then(
        (rows) => ({ rows }),
        (error: unknown) => ({ error }),
      );
      // Let the statement go out (its send is a few promise steps away) before the next chunk takes the thread.
      await new Promise<void>((resolve) => setImmediate(resolve));
      next = await source.next();
      const written = await writing;
      if ('error' in written) throw written.error;
      for (const [hash, id] of written.rows) inserted.set(hash, id);
    }
    return inserted;
  }

  /** `insertNewChunks` of rows at hand, in statements of at most INSERT_CHUNK rows. */
  insertNew(rows: readonly NewProxyRow[]): Promise<Map<string, number>> {
    return this.insertNewChunks(chunks(rows, INSERT_CHUNK));
  }

  /**
   * The chunk inserted without `on conflict`, or null (and nothing written) when one of its proxies is stored
   * already. The savepoint keeps a refused chunk from ending the import's transaction.
   */
  private async insertPlain(
    chunk: readonly NewProxyRow[],
    tagIds: readonly number[],
  ): Promise<[string, number][] | null> {
    await this.tx.execute(sql`savepoint proxies_chunk`);
    try {
      const rows = await this.insertChunk(chunk, tagIds, false);
      await this.tx.execute(sql`release savepoint proxies_chunk`);
      return rows;
    } catch (error) {
      if (sqlStateOf(error) !== UNIQUE_VIOLATION) throw error;
      await this.tx.execute(sql`rollback to savepoint proxies_chunk`);
      await this.tx.execute(sql`release savepoint proxies_chunk`);
      return null;
    }
  }

  private async insertChunk(
    chunk: readonly NewProxyRow[],
    tagIds: readonly number[],
    skipStored: boolean,
  ): Promise<[string, number][]> {
    const column = <K extends keyof NewProxyRow>(key: K) => sql.param(chunk.map((row) => row[key]));
    // The chunk's rows in the arrays' order.
    const insert = sql`
      insert into ${proxies} (user_id, protocol, host, port, username, password_enc, name, identity_hash, tag_ids)
      select ${this.userId}, t.protocol, t.host, t.port, t.username, t.password_enc, t.name, t.identity_hash,
        ${sql.param([...tagIds].sort((a, b) => a - b))}::integer[]
      from unnest(${column('protocol')}::smallint[], ${column('host')}::text[],
        ${column('port')}::int[], ${column('username')}::text[], ${column('passwordEnc')}::text[],
        ${column('name')}::text[], ${column('identityHash')}::text[])
        with ordinality as t(protocol, host, port, username, password_enc, name, identity_hash, n)
      order by t.n`;
    if (!skipStored) {
      // Without `on conflict` every row of the chunk is written or the statement fails, so only the ids come
      // back: the rows are written in the arrays' order and a statement's ids rise in the order it writes, so the
      // sorted ids pair with the chunk's rows. The identity hashes (43 bytes a row) are then neither aggregated by
      // the database nor parsed again by the server.
      const result = await this.tx.execute<{ ids: number[] }>(sql`
        with inserted as (${insert} returning id)
        select coalesce(array_agg(id order by id), '{}') as ids from inserted`);
      const { ids } = rowsOf<{ ids: number[] }>(result)[0]!;
      if (ids.length !== chunk.length) throw new Error('a plain insert wrote a part of its chunk');
      return chunk.map((row, index) => [row.identityHash, Number(ids[index])]);
    }
    // The new ids come back as one row of two arrays once every row is written, not a row per insert: rows sent
    // while the insert runs filled the socket while the server sealed the next chunk, and the database waited
    // for it instead of writing. The two aggregates read the inserted rows in one pass, so they pair up.
    const result = await this.tx.execute<{ ids: number[]; hashes: string[] }>(sql`
      with inserted as (${insert} on conflict (user_id, identity_hash) do nothing returning id, identity_hash)
      select coalesce(array_agg(id), '{}') as ids, coalesce(array_agg(identity_hash), '{}') as hashes
      from inserted`);
    const { ids, hashes } = rowsOf<{ ids: number[]; hashes: string[] }>(result)[0]!;
    return hashes.map((hash, index) => [hash, Number(ids[index])]);
  }

  /** Which of these identity hashes the user's proxies already have. */
  async existingHashes(hashes: readonly string[]): Promise<Set<string>> {
    if (hashes.length === 0) return new Set();
    const rows = await this.tx
      .select({ hash: proxies.identityHash })
      .from(proxies)
      .where(and(eq(proxies.userId, this.userId), anyText(proxies.identityHash, hashes)));
    return new Set(rows.map((row) => row.hash));
  }

  /** Whether another of the user's proxies has this identity. */
  async identityTaken(identityHash: string, exceptId: number): Promise<boolean> {
    const rows = await this.tx
      .select({ id: proxies.id })
      .from(proxies)
      .where(and(eq(proxies.userId, this.userId), eq(proxies.identityHash, identityHash)));
    return rows.some((row) => row.id !== exceptId);
  }

  async updateName(id: number, name: string | null): Promise<void> {
    await this.tx
      .update(proxies)
      .set({ name })
      .where(and(eq(proxies.userId, this.userId), eq(proxies.id, id)));
  }

  async updateCredentials(
    id: number,
    values: { username: string | null; passwordEnc: string | null; identityHash: string },
  ): Promise<void> {
    await this.tx
      .update(proxies)
      .set(values)
      .where(and(eq(proxies.userId, this.userId), eq(proxies.id, id)));
  }

  /** Frees the Steam accounts that use these proxies; returns the accounts' ids. */
  async detachAccounts(proxyIds: readonly number[]): Promise<number[]> {
    const freed: number[] = [];
    for (const chunk of chunks(proxyIds, LINK_CHUNK)) {
      const rows = await this.tx
        .update(steamAccounts)
        .set({ proxyId: null })
        .where(and(eq(steamAccounts.userId, this.userId), inArray(steamAccounts.proxyId, chunk)))
        .returning({ id: steamAccounts.id });
      for (const row of rows) freed.push(row.id);
    }
    return freed.sort((a, b) => a - b);
  }

  async deleteProxies(ids: readonly number[]): Promise<void> {
    for (const chunk of chunks(ids, LINK_CHUNK)) {
      await this.tx.delete(proxies).where(and(eq(proxies.userId, this.userId), inArray(proxies.id, chunk)));
    }
  }

  /** Proxies whose host, name or login contains the text: hits for the global search. */
  async search(text: string, limit: number) {
    const pattern = likeContains(text);
    return this.tx
      .select({ id: proxies.id, proxyName: proxies.name, address: proxies.host, port: proxies.port })
      .from(proxies)
      .where(
        and(
          eq(proxies.userId, this.userId),
          // The indexed search finds candidates; the global search matches addresses and names only.
          inSearchResult(proxies.id, 'proxy_search_ids', pattern),
          sql`(${proxies.host} ilike ${pattern} or ${proxies.name} ilike ${pattern})`,
        ),
      )
      .orderBy(desc(proxies.id))
      .limit(limit);
  }

  /** Which of these proxies Steam accounts use, with how many accounts each. */
  async usageCounts(proxyIds: readonly number[]): Promise<Map<number, number>> {
    const counts = new Map<number, number>();
    for (const chunk of chunks(proxyIds, LINK_CHUNK)) {
      const rows = await this.tx
        .select({ proxyId: steamAccounts.proxyId, n: sql<number>`count(*)::int` })
        .from(steamAccounts)
        .where(
          and(
            eq(steamAccounts.userId, this.userId),
            isNotNull(steamAccounts.proxyId),
            inArray(steamAccounts.proxyId, chunk),
          ),
        )
        .groupBy(steamAccounts.proxyId);
      for (const row of rows) counts.set(row.proxyId!, row.n);
    }
    return counts;
  }
}
