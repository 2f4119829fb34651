import type { ProxyCheckErrorClass } from '@tradedeck/sdk/domain';
import { and, asc, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { proxies, steamAccounts } from '../../db/schema.ts';
import type { UserScope } from '../../security/user-scope.ts';
import { type ProxyFilters, proxyFilterWhere, type SealedProxy } from '../proxies/index.ts';

/** A saved proxy as a check needs it (the password still sealed). */
export type StoredProxyToCheck = SealedProxy;

/** One check result to store on its proxy. */
export interface StoredCheckResult {
  id: number;
  valid: boolean;
  latencyMs: number | null;
  exitIp: string | null;
  countryCode: string | null;
  errorClass: ProxyCheckErrorClass | null;
  checkedAt: Date;
}

/** Ids travel as one text parameter, so 100,000 of them stay one bind value. */
const idArray = (ids: readonly number[]) => sql`string_to_array(${ids.join(',')}, ',')::int[]`;

/** Proxy checks' SQL, run in the user's scope (row-level security); the queries filter by user too. */
export class ProxyCheckRepo {
  constructor(private readonly scope: UserScope) {}

  /** One transaction of the user's queries; `tx` lets the hub events of a change join it. */
  run<T>(userId: string, work: (q: ProxyCheckQueries, tx: Db) => Promise<T>): Promise<T> {
    return this.scope.run(userId, (tx) => work(new ProxyCheckQueries(tx, userId), tx));
  }
}

/** The statements of one user's transaction. */
export class ProxyCheckQueries {
  constructor(
    private readonly tx: Db,
    private readonly userId: string,
  ) {}

  /** The ones of `ids` that are the user's proxies. */
  async ownedIds(ids: readonly number[]): Promise<number[]> {
    const { tx, userId } = this;
    if (ids.length === 0) return [];
    const rows = await tx
      .select({ id: proxies.id })
      .from(proxies)
      .where(and(sql`${proxies.userId} = ${userId}`, sql`${proxies.id} = any(${idArray(ids)})`));
    return rows.map((row) => row.id);
  }

  /** Ids of the user's proxies matching the filters of proxies.query, oldest first. */
  async idsMatching(filters: Partial<ProxyFilters>): Promise<number[]> {
    const { tx, userId } = this;
    const rows = await tx
      .select({ id: proxies.id })
      .from(proxies)
      .where(proxyFilterWhere(userId, filters))
      .orderBy(asc(proxies.id));
    return rows.map((row) => row.id);
  }

  /**
   * The proxies of a batch still to check. With `notCheckedSince` (a resumed batch), proxies whose last check is
   * that recent are skipped: their result is already stored and announced.
   */
  async toCheck(ids: readonly number[], notCheckedSince: Date | null): Promise<StoredProxyToCheck[]> {
    const { tx, userId } = this;
    if (ids.length === 0) return [];
    return tx
      .select({
        id: proxies.id,
        protocol: proxies.protocol,
        host: proxies.host,
        port: proxies.port,
        username: proxies.username,
        passwordEnc: proxies.passwordEnc,
        identityHash: proxies.identityHash,
      })
      .from(proxies)
      .where(
        and(
          sql`${proxies.userId} = ${userId}`,
          sql`${proxies.id} = any(${idArray(ids)})`,
          notCheckedSince
            ? sql`(${proxies.lastCheckedAt} is null or ${proxies.lastCheckedAt} < ${notCheckedSince.toISOString()}::timestamptz)`
            : undefined,
        ),
      )
      .orderBy(asc(proxies.id));
  }

  /**
   * Stores results in one statement and answers each proxy's new status: valid → in use (2) when a Steam account
   * uses it, else idle (1); an auth failure of credentials that passed before → expired (4); any other failure →
   * invalid (3). Proxies deleted meanwhile are absent from the answer.
   */
  async saveResults(results: readonly StoredCheckResult[]): Promise<Map<number, number>> {
    const { tx, userId } = this;
    if (results.length === 0) return new Map();
    const json = JSON.stringify(
      results.map((r) => ({
        id: r.id,
        valid: r.valid,
        latency_ms: r.latencyMs === null ? null : Math.round(r.latencyMs),
        exit_ip: r.exitIp,
        country_code: r.countryCode,
        error_class: r.errorClass,
        checked_at: r.checkedAt.toISOString(),
      })),
    );
    const rows = await tx.execute<{ id: number; status: number }>(sql`
      update ${proxies} as p set
        status = case
          when v.valid then
            case when exists (select 1 from ${steamAccounts} s where s.proxy_id = p.id and s.user_id = p.user_id)
              then 2 else 1 end
          when v.error_class = 'auth_failed' and p.last_valid_at is not null then 4
          else 3 end,
        country_code = case when v.valid then v.country_code else p.country_code end,
        last_checked_at = v.checked_at,
        last_valid = v.valid,
        last_latency_ms = v.latency_ms,
        last_exit_ip = v.exit_ip,
        last_error_class = v.error_class,
        last_valid_at = case when v.valid then v.checked_at else p.last_valid_at end
      from jsonb_to_recordset(${json}::jsonb) as v(
        id int, valid boolean, latency_ms int, exit_ip text, country_code text, error_class text,
        checked_at timestamptz
      )
      where p.id = v.id and p.user_id = ${userId}
      returning p.id, p.status`);
    const list = (Array.isArray(rows) ? rows : (rows as { rows: { id: number; status: number }[] }).rows) as {
      id: number;
      status: number;
    }[];
    return new Map(list.map((row) => [Number(row.id), Number(row.status)]));
  }
}
