import { shownStatus } from './filter-sql.ts';
import type { ProxyDbRow, ProxyLinks } from './repo.ts';
import type { TagRow } from './tag-repo.ts';

/** A row of the page statement: the stored columns (raw: timestamps as text), the keys, links and the total. */
export interface PageRow extends Record<string, unknown> {
  id: number;
  protocol: number;
  host: string;
  port: number;
  username: string | null;
  password_enc: string | null;
  identity_hash: string;
  name: string | null;
  country_code: string | null;
  status: number;
  last_checked_at: string | null;
  last_valid: boolean | null;
  last_latency_ms: number | null;
  last_exit_ip: string | null;
  last_error_class: string | null;
  created_at: string;
  tags: TagRow[];
  accounts: { id: number; login: string }[];
  total: unknown;
  page_snapshot: string | null;
}

export function fromPageRow(
  row: PageRow,
): Record<string, unknown> & { item: ProxyDbRow & ProxyLinks; total: unknown } {
  const item = {
    id: row.id,
    protocol: row.protocol,
    host: row.host,
    port: row.port,
    username: row.username,
    passwordEnc: row.password_enc,
    identityHash: row.identity_hash,
    name: row.name,
    countryCode: row.country_code,
    status: shownStatus(row.status, row.accounts.length > 0),
    lastCheckedAt: row.last_checked_at === null ? null : new Date(row.last_checked_at),
    lastValid: row.last_valid,
    lastLatencyMs: row.last_latency_ms,
    lastExitIp: row.last_exit_ip,
    lastErrorClass: row.last_error_class,
    createdAt: new Date(row.created_at),
    tags: row.tags,
    accounts: row.accounts,
  };
  // The cursor columns (listKey…) stay beside the item for `listAnswer`.
  return { ...row, item };
}
