/**
 * Batch proxy assignment lines (docs/product-shell.md §5): `account:proxy`, where the account is a login (or
 * a SteamID64) and an empty proxy (`account:`) removes the account's proxy. The proxy is `host:port`,
 * `host:port:user:pass` or `user:pass@host:port`, optionally with `scheme://`.
 */
import type { LineFailureReason } from './messages.ts';
import { type ProxyPart, parseProxyText } from './proxy-part.ts';
import { meaningfulLines } from './text-lines.ts';

export interface ProxyAssignment {
  line: number;
  account: string;
  /** null removes the proxy. */
  proxy: ProxyPart | null;
}

/** A rejected line, named by number and account only: the line may hold a proxy password. */
export interface ProxyAssignmentError {
  line: number;
  account: string | null;
  reason: LineFailureReason;
}

export interface ProxyAssignmentsResult {
  assignments: ProxyAssignment[];
  errors: ProxyAssignmentError[];
}

type AssignResult =
  | { ok: true; account: string; proxy: ProxyPart | null }
  | { ok: false; reason: LineFailureReason };

export function parseProxyAssignmentLine(text: string): AssignResult {
  const colon = text.indexOf(':');
  // A bare login is refused rather than read as "remove": removal must be written out as `login:`.
  if (colon < 0) return { ok: false, reason: 'missingSeparator' };
  const account = text.slice(0, colon).trim();
  if (account === '') return { ok: false, reason: 'emptyLogin' };
  const proxyText = text.slice(colon + 1).trim();
  if (proxyText === '') return { ok: true, account, proxy: null };
  const proxy = parseProxyText(proxyText);
  return proxy.ok ? { ok: true, account, proxy: proxy.proxy } : { ok: false, reason: proxy.reason };
}

/**
 * Parses every line. When one account appears on several lines the last line wins (later lines are
 * corrections), and only that assignment is returned.
 */
export function parseProxyAssignments(content: string): ProxyAssignmentsResult {
  const byAccount = new Map<string, ProxyAssignment>();
  const errors: ProxyAssignmentError[] = [];
  for (const { number, text } of meaningfulLines(content)) {
    const result = parseProxyAssignmentLine(text);
    if (!result.ok) {
      errors.push({ line: number, account: text.split(':')[0]?.trim() || null, reason: result.reason });
      continue;
    }
    const key = result.account.toLowerCase();
    byAccount.delete(key);
    byAccount.set(key, { line: number, account: result.account, proxy: result.proxy });
  }
  return { assignments: [...byAccount.values()], errors };
}
