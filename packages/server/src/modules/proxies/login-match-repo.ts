import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { proxies } from '../../db/schema.ts';
import { rowsOf } from '../../db/sql-fragments.ts';

/** A proxy's address and login, without its password: what "the same proxy with another password" shares. */
export interface ProxyLogin {
  protocol: number;
  host: string;
  port: number;
  username: string | null;
}

/** A stored proxy's new password: the sealed password and the identity hash that goes with it. */
export interface PasswordReplacement extends ProxyLogin {
  id: number;
  passwordEnc: string | null;
  identityHash: string;
}

/** SQL that finds stored proxies by address and login, and replaces their passwords. */
export class LoginMatchQueries {
  constructor(
    private readonly tx: Db,
    private readonly userId: string,
  ) {}

  /** For each given login, in order, the ids of the user's proxies with that protocol, host, port and login. */
  async idsByLogin(logins: readonly ProxyLogin[]): Promise<number[][]> {
    if (logins.length === 0) return [];
    const column = <K extends keyof ProxyLogin>(key: K) => sql.param(logins.map((login) => login[key]));
    const result = await this.tx.execute<{ ord: number; id: number }>(sql`
      select t.ord, p.id
      from unnest(${column('protocol')}::smallint[], ${column('host')}::text[], ${column('port')}::int[],
        ${column('username')}::text[]) with ordinality as t(protocol, host, port, username, ord)
      join ${proxies} p on p.user_id = ${this.userId} and p.host = t.host and p.port = t.port
        and p.protocol = t.protocol and p.username is not distinct from t.username
      order by t.ord, p.id`);
    const ids: number[][] = logins.map(() => []);
    for (const row of rowsOf<{ ord: number; id: number }>(result))
      ids[Number(row.ord) - 1]!.push(Number(row.id));
    return ids;
  }

  /**
   * Gives each proxy its new password and identity, if it still has the same address and login and no other
   * proxy of the user has the new identity (a concurrent add). Returns the ids replaced.
   */
  async replacePasswords(rows: readonly PasswordReplacement[]): Promise<Set<number>> {
    if (rows.length === 0) return new Set();
    const column = <K extends keyof PasswordReplacement>(key: K) => sql.param(rows.map((row) => row[key]));
    const result = await this.tx.execute<{ id: number }>(sql`
      update ${proxies} p set password_enc = t.password_enc, identity_hash = t.identity_hash
      from unnest(${column('id')}::int[], ${column('protocol')}::smallint[], ${column('host')}::text[],
        ${column('port')}::int[], ${column('username')}::text[], ${column('passwordEnc')}::text[],
        ${column('identityHash')}::text[]) as t(id, protocol, host, port, username, password_enc, identity_hash)
      where p.user_id = ${this.userId} and p.id = t.id and p.protocol = t.protocol and p.host = t.host
        and p.port = t.port and p.username is not distinct from t.username
        and not exists (select 1 from ${proxies} o where o.user_id = ${this.userId} and o.identity_hash = t.identity_hash)
      returning p.id`);
    return new Set(rowsOf<{ id: number }>(result).map((row) => Number(row.id)));
  }
}
