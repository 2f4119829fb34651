import type { MOVE_FAILURES } from '@tradedeck/sdk/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { sqlStateOf, UNIQUE_VIOLATION } from '../../db/database-error-reason.ts';
import { workspaceMoveItems, workspaceMoves } from '../../db/schema.ts';
import { rowsOf } from '../../db/sql-fragments.ts';
import type { MarketPlatform } from '../../integrations/market/port.ts';
import type { SecretSlot } from '../../security/envelope.ts';
import { UserScope } from '../../security/user-scope.ts';
import { sellerSecretSlot } from '../seller/index.ts';
import { accountSlot } from '../steam-accounts/index.ts';
import { accessTokenSlot } from '../steam-trading/index.ts';
import { transferSecretSlot } from '../transfer/index.ts';

export type MoveFailure = (typeof MOVE_FAILURES)[number];
export type MoveRow = typeof workspaceMoves.$inferSelect;
export type MoveItemRow = typeof workspaceMoveItems.$inferSelect;

/** A stored secret to seal again under the team workspace's key: its slot in a workspace, and its envelope. */
export interface SealedAt {
  slotIn(workspaceId: string): SecretSlot;
  value: string;
}

export interface ProxySecret {
  protocol: number;
  host: string;
  port: number;
  username: string | null;
  passwordEnc: string | null;
  identityHash: string;
}

/** Seals again, from the personal workspace's key to the team's (synchronous: both boxes are open). */
export interface Resealer {
  secret(sealed: SealedAt): string;
  proxy(proxy: ProxySecret): { identityHash: string; passwordEnc: string | null };
}

export interface MoveQueries {
  create(
    move: { teamId: string; sourceId: string; actorId: string },
    items: ReadonlyArray<{ kind: 'account' | 'proxy'; objectId: number }>,
  ): Promise<number>;
  load(moveId: number): Promise<{ move: MoveRow; items: MoveItemRow[] } | null>;
}

/** The outcome of one item's transaction: the objects it moved, or why it moved nothing. */
/** Announces, in the transaction that moved them, the accounts and proxies that reached the team workspace. */
export type MovedAnnouncer = (
  tx: Db,
  move: MoveRow,
  moved: { accounts: readonly number[]; proxies: readonly number[] },
) => Promise<void>;

export type GroupOutcome = { moved: { accounts: number[]; proxies: number[] } } | { failure: MoveFailure };

/** Rows that follow a Steam account, by the column naming it (as row-level security scopes them). */
const BY_ACCOUNT = [
  'steam_trade_sessions',
  'steam_inventory_scans',
  'steam_inventory_items',
  'steam_trade_intents',
  'steam_trade_watches',
  'portfolio_holdings',
  'confirmation_snapshots',
  'confirmation_own_listings',
  'ledger_entries',
  'ledger_sales',
] as const;
/** Rows that follow a market account (they follow its Steam account). */
const BY_SELLER: ReadonlyArray<readonly [string, string]> = [
  ['seller_deliveries', 'seller_account_id'],
  ['seller_inventory_updates', 'seller_account_id'],
  ['lots', 'seller_account_id'],
  ['lot_sales', 'seller_account_id'],
  ['lot_repricers', 'seller_account_id'],
  ['transfers', 'from_account_id'],
  ['transfer_secrets', 'seller_account_id'],
];

const ints = (ids: readonly number[]) =>
  sql`ARRAY[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::int[]`;

class Refused extends Error {
  constructor(readonly failure: MoveFailure) {
    super(failure);
  }
}

/**
 * All SQL of moving personal data into a team workspace. The move and its items are read and written as the
 * team's owner through row-level security when a request asks; the job's item transactions run as the server
 * (they write two workspaces at once), after the request's gate found the caller the owner of both.
 */
export class MoveRepo {
  readonly #scope: UserScope;

  constructor(
    private readonly db: Db,
    private readonly announce: MovedAnnouncer = async () => {},
  ) {
    this.#scope = new UserScope(db);
  }

  /** Work on the team workspace's moves as its owner, under row-level security, in one transaction. */
  run<T>(teamId: string, actorId: string, work: (q: MoveQueries) => Promise<T>): Promise<T> {
    return this.#scope.run(
      teamId,
      (tx) =>
        work({ create: (move, items) => this.#create(tx, move, items), load: (id) => this.load(tx, id) }),
      { actorId },
    );
  }

  /** Writes a move and its items; the id. */
  async #create(
    tx: Db,
    move: { teamId: string; sourceId: string; actorId: string },
    items: ReadonlyArray<{ kind: 'account' | 'proxy'; objectId: number }>,
  ): Promise<number> {
    const [row] = await tx
      .insert(workspaceMoves)
      .values({ userId: move.teamId, sourceId: move.sourceId, actorId: move.actorId, total: items.length })
      .returning({ id: workspaceMoves.id });
    await tx
      .insert(workspaceMoveItems)
      .values(items.map((item) => ({ userId: move.teamId, moveId: row!.id, ...item })));
    return row!.id;
  }

  /** The move with its items, as the given connection sees them (scoped: only the team's owner). */
  async load(tx: Db, moveId: number): Promise<{ move: MoveRow; items: MoveItemRow[] } | null> {
    const [move] = await tx.select().from(workspaceMoves).where(eq(workspaceMoves.id, moveId));
    if (!move) return null;
    const items = await tx
      .select()
      .from(workspaceMoveItems)
      .where(eq(workspaceMoveItems.moveId, moveId))
      .orderBy(asc(workspaceMoveItems.id));
    return { move, items };
  }

  /** The job's view of a move (as the server). */
  loadForJob(moveId: number) {
    return this.load(this.db, moveId);
  }

  async fail(moveId: number, kind: 'account' | 'proxy', objectId: number, failure: MoveFailure, at: Date) {
    await this.db
      .update(workspaceMoveItems)
      .set({ state: 'failed', failure, finishedAt: at })
      .where(
        and(
          eq(workspaceMoveItems.moveId, moveId),
          eq(workspaceMoveItems.kind, kind),
          eq(workspaceMoveItems.objectId, objectId),
          eq(workspaceMoveItems.state, 'planned'),
        ),
      );
  }

  async finish(moveId: number, at: Date): Promise<void> {
    await this.db
      .update(workspaceMoves)
      .set({ status: 'done', finishedAt: at })
      .where(eq(workspaceMoves.id, moveId));
  }

  /**
   * Moves one Steam account in one transaction, with every account and proxy it is tied to by a proxy (the group
   * must move whole, or an account would use a proxy of another workspace): the account's proxy, the other
   * accounts of that proxy, their market accounts' proxies, and so on. Every account of the group must be an item
   * of this move and have no running seller or harvester session.
   */
  async moveAccountGroup(
    move: MoveRow,
    accountId: number,
    reseal: Resealer,
    at: Date,
  ): Promise<GroupOutcome> {
    return this.#outcome(() =>
      this.db.transaction(async (tx) => {
        const [first] = rowsOf<{ user_id: string }>(
          await tx.execute(sql`select user_id from steam_accounts where id = ${accountId} for update`),
        );
        if (first?.user_id === move.userId) return this.#markMoved(tx, move, [accountId], [], at);
        if (first?.user_id !== move.sourceId) throw new Refused('notFound');
        const { accounts, proxies } = await this.#group(tx, move.sourceId, accountId);
        const planned = new Set(
          rowsOf<{ object_id: number }>(
            await tx.execute(sql`select object_id from workspace_move_items
              where move_id = ${move.id} and kind = 'account' and state = 'planned'`),
          ).map((row) => row.object_id),
        );
        if (accounts.some((id) => !planned.has(id))) throw new Refused('proxyShared');
        if (await this.#running(tx, move.sourceId, accounts)) throw new Refused('running');
        for (const proxyId of proxies) await this.#moveProxy(tx, move, proxyId, reseal);
        await this.#moveAccounts(tx, move, accounts, reseal);
        return this.#markMoved(tx, move, accounts, proxies, at);
      }),
    );
  }

  /** Moves one proxy no account of the personal workspace uses any more, in one transaction. */
  async moveLoneProxy(move: MoveRow, proxyId: number, reseal: Resealer, at: Date): Promise<GroupOutcome> {
    return this.#outcome(() =>
      this.db.transaction(async (tx) => {
        const [row] = rowsOf<{ user_id: string }>(
          await tx.execute(sql`select user_id from proxies where id = ${proxyId} for update`),
        );
        if (row?.user_id === move.userId) return this.#markMoved(tx, move, [], [proxyId], at);
        if (row?.user_id !== move.sourceId) throw new Refused('notFound');
        const [used] = rowsOf<{ used: boolean }>(
          await tx.execute(sql`select exists (select 1 from steam_accounts where user_id = ${move.sourceId}
              and proxy_id = ${proxyId})
            or exists (select 1 from seller_accounts where user_id = ${move.sourceId} and proxy_id = ${proxyId})
            as used`),
        );
        if (used?.used) throw new Refused('proxyShared');
        await this.#moveProxy(tx, move, proxyId, reseal);
        return this.#markMoved(tx, move, [], [proxyId], at);
      }),
    );
  }

  async #outcome(work: () => Promise<GroupOutcome>): Promise<GroupOutcome> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof Refused) return { failure: error.failure };
      // The team already holds an account of that login, a proxy of that address or a tag link.
      if (sqlStateOf(error) === UNIQUE_VIOLATION) return { failure: 'duplicate' };
      throw error;
    }
  }

  /** The accounts and proxies of the personal workspace tied to `accountId` through proxies. */
  async #group(tx: Db, sourceId: string, accountId: number) {
    let accounts = [accountId];
    let proxies: number[] = [];
    for (;;) {
      const proxyRows = rowsOf<{ id: number }>(
        await tx.execute(sql`select p.id from proxies p where p.user_id = ${sourceId} and p.id in (
            select proxy_id from steam_accounts where id = any(${ints(accounts)})
            union select proxy_id from seller_accounts where steam_account_id = any(${ints(accounts)}))
          order by p.id for update of p`),
      ).map((r) => r.id);
      const accountRows = rowsOf<{ id: number }>(
        await tx.execute(sql`select a.id from steam_accounts a where a.user_id = ${sourceId} and (a.id = any(${ints(accounts)})
            or a.proxy_id = any(${ints(proxyRows)})
            or a.id in (select steam_account_id from seller_accounts where proxy_id = any(${ints(proxyRows)})))
          order by a.id for update of a`),
      ).map((r) => r.id);
      if (accountRows.length === accounts.length && proxyRows.length === proxies.length) break;
      accounts = accountRows;
      proxies = proxyRows;
    }
    return { accounts, proxies };
  }

  /** Whether a seller of these accounts is not stopped, or a harvester session using one of them is running. */
  async #running(tx: Db, sourceId: string, accounts: readonly number[]): Promise<boolean> {
    const [row] = rowsOf<{ running: boolean }>(
      await tx.execute(sql`select exists (select 1 from seller_accounts where user_id = ${sourceId}
          and steam_account_id = any(${ints(accounts)}) and status <> 'stopped')
        or exists (select 1 from harvester_sessions s, unnest(${ints(accounts)}) a(id)
          where s.user_id = ${sourceId} and s.status = 'running'
            and (s.sources @> jsonb_build_array(jsonb_build_object('id', a.id))
              or s.targets @> jsonb_build_array(jsonb_build_object('id', a.id))))
        as running`),
    );
    return row?.running === true;
  }

  async #moveProxy(tx: Db, move: MoveRow, proxyId: number, reseal: Resealer): Promise<void> {
    const [row] = rowsOf<ProxySecret & { id: number }>(
      await tx.execute(sql`select id, protocol, host, port, username, password_enc as "passwordEnc",
        identity_hash as "identityHash" from proxies where id = ${proxyId}`),
    );
    const sealed = reseal.proxy(row!);
    await tx.execute(sql`update proxies set user_id = ${move.userId}, identity_hash = ${sealed.identityHash},
      password_enc = ${sealed.passwordEnc} where id = ${proxyId}`);
    await this.#moveTagLinks(tx, move, 'proxy_tags', 'proxy_tag_links', 'proxy_id', [proxyId]);
  }

  async #moveAccounts(tx: Db, move: MoveRow, accounts: readonly number[], reseal: Resealer): Promise<void> {
    const ids = ints(accounts);
    const from = move.sourceId;
    const to = move.userId;
    for (const account of rowsOf<{ id: number; password: string; mafile: string; refresh: string | null }>(
      await tx.execute(sql`select id, password_enc as password, mafile_enc as mafile, refresh_token_enc as refresh
        from steam_accounts where id = any(${ids})`),
    )) {
      const again = (column: 'password_enc' | 'mafile_enc' | 'refresh_token_enc', value: string) =>
        reseal.secret({ slotIn: (ws) => accountSlot(ws, account.id, column), value });
      await tx.execute(sql`update steam_accounts set user_id = ${to},
        password_enc = ${again('password_enc', account.password)},
        mafile_enc = ${again('mafile_enc', account.mafile)},
        refresh_token_enc = ${account.refresh === null ? null : again('refresh_token_enc', account.refresh)}
        where id = ${account.id}`);
    }
    for (const session of rowsOf<{ account_id: number; token: string | null }>(
      await tx.execute(sql`select account_id, access_token_enc as token from steam_trade_sessions
        where user_id = ${from} and account_id = any(${ids})`),
    )) {
      if (session.token === null) continue;
      const token = reseal.secret({
        slotIn: (ws) => accessTokenSlot(ws, session.account_id),
        value: session.token,
      });
      await tx.execute(sql`update steam_trade_sessions set access_token_enc = ${token}
        where account_id = ${session.account_id}`);
    }
    const sellers = rowsOf<{ id: number; steam: number; platform: string; key: string; password: string }>(
      await tx.execute(sql`select id, steam_account_id as steam, platform, api_key_enc as key,
        payment_password_enc as password from seller_accounts where user_id = ${from} and steam_account_id = any(${ids})`),
    );
    for (const seller of sellers) {
      const platform = seller.platform as MarketPlatform;
      const again = (column: 'api_key_enc' | 'payment_password_enc', value: string) =>
        reseal.secret({ slotIn: (ws) => sellerSecretSlot(ws, seller.steam, column, platform), value });
      await tx.execute(sql`update seller_accounts set user_id = ${to},
        api_key_enc = ${again('api_key_enc', seller.key)},
        payment_password_enc = ${again('payment_password_enc', seller.password)} where id = ${seller.id}`);
    }
    const sellerIds = ints(sellers.map((seller) => seller.id));
    for (const kept of rowsOf<{ id: number; seller: number; key: string | null; password: string | null }>(
      await tx.execute(sql`select id, seller_account_id as seller, receiver_key_enc as key,
        payment_password_enc as password from transfer_secrets where user_id = ${from} and seller_account_id = any(${sellerIds})`),
    )) {
      const again = (column: 'receiver_key_enc' | 'payment_password_enc', value: string | null) =>
        value === null
          ? null
          : reseal.secret({ slotIn: (ws) => transferSecretSlot(ws, kept.seller, column), value });
      await tx.execute(sql`update transfer_secrets set receiver_key_enc = ${again('receiver_key_enc', kept.key)},
        payment_password_enc = ${again('payment_password_enc', kept.password)} where id = ${kept.id}`);
    }
    for (const table of BY_ACCOUNT)
      await tx.execute(
        sql`update ${sql.identifier(table)} set user_id = ${to} where user_id = ${from} and account_id = any(${ids})`,
      );
    for (const [table, column] of BY_SELLER)
      await tx.execute(
        sql`update ${sql.identifier(table)} set user_id = ${to}
          where user_id = ${from} and ${sql.identifier(column)} = any(${sellerIds})`,
      );
    await this.#moveTagLinks(
      tx,
      move,
      'steam_account_tags',
      'steam_account_tag_links',
      'account_id',
      accounts,
    );
  }

  /** Tags are the workspace's: an object's tags are found or made by name in the team, and its links follow. */
  async #moveTagLinks(
    tx: Db,
    move: MoveRow,
    tags: string,
    links: string,
    column: string,
    objects: readonly number[],
  ): Promise<void> {
    const tagTable = sql.identifier(tags);
    const linkTable = sql.identifier(links);
    const objectColumn = sql.identifier(column);
    await tx.execute(sql`insert into ${tagTable} (user_id, name)
      select distinct ${move.userId}::uuid, t.name from ${linkTable} l join ${tagTable} t on t.id = l.tag_id
      where l.user_id = ${move.sourceId} and l.${objectColumn} = any(${ints(objects)})
      on conflict do nothing`);
    await tx.execute(sql`insert into ${linkTable} (user_id, ${objectColumn}, tag_id)
      select ${move.userId}::uuid, l.${objectColumn}, team.id
      from ${linkTable} l join ${tagTable} t on t.id = l.tag_id
      join ${tagTable} team on team.user_id = ${move.userId} and lower(team.name) = lower(t.name)
      where l.user_id = ${move.sourceId} and l.${objectColumn} = any(${ints(objects)})`);
    await tx.execute(sql`delete from ${linkTable}
      where user_id = ${move.sourceId} and ${objectColumn} = any(${ints(objects)})`);
  }

  async #markMoved(
    tx: Db,
    move: MoveRow,
    accounts: readonly number[],
    proxies: readonly number[],
    at: Date,
  ): Promise<GroupOutcome> {
    await tx.execute(sql`update workspace_move_items set state = 'moved', failure = null, finished_at = ${at}
      where move_id = ${move.id} and state = 'planned'
        and ((kind = 'account' and object_id = any(${ints(accounts)}))
          or (kind = 'proxy' and object_id = any(${ints(proxies)})))`);
    await this.announce(tx, move, { accounts, proxies });
    return { moved: { accounts: [...accounts], proxies: [...proxies] } };
  }
}
