/**
 * Account lines (docs/product-shell.md §5): `login:password`, optionally followed by a proxy `host:port` and
 * then the proxy user and password: `login:password[:host:port[:user:pass]]`.
 *
 * A password may itself contain `:`. The proxy part is recognised from the end of the line: the last two
 * fields when they read as `host:port`, or the last four when they read as `host:port:user:pass`. Anything
 * else after the login is the password. A recognised proxy part is then validated (host, port 1..65535).
 */
import type { LineFailureReason } from './messages.ts';
import { buildProxyPart, looksLikeHost, type ProxyPart } from './proxy-part.ts';
import { meaningfulLines } from './text-lines.ts';

export interface AccountLine {
  line: number;
  login: string;
  password: string;
  proxy: ProxyPart | null;
}

/** A rejected line, named by number and login only: the line itself holds a password. */
export interface AccountLineError {
  line: number;
  login: string | null;
  reason: LineFailureReason;
}

export interface AccountLinesResult {
  accounts: AccountLine[];
  errors: AccountLineError[];
}

const PORT_SHAPE = /^\d+$/;

type LineResult = { ok: true; account: Omit<AccountLine, 'line'> } | { ok: false; reason: LineFailureReason };

export function parseAccountLine(text: string): LineResult {
  const fields = text.trim().split(':');
  if (fields.length < 2) return { ok: false, reason: 'missingPassword' };
  const login = fields[0]!.trim();
  if (login === '') return { ok: false, reason: 'emptyLogin' };

  let passwordEnd = fields.length;
  let proxyFields: string[] | null = null;
  const n = fields.length;
  if (n >= 6 && looksLikeHost(fields[n - 4]!) && PORT_SHAPE.test(fields[n - 3]!)) {
    passwordEnd = n - 4;
    proxyFields = fields.slice(n - 4);
  } else if (n >= 4 && looksLikeHost(fields[n - 2]!) && PORT_SHAPE.test(fields[n - 1]!)) {
    passwordEnd = n - 2;
    proxyFields = fields.slice(n - 2);
  }

  const password = fields.slice(1, passwordEnd).join(':');
  if (password === '') return { ok: false, reason: 'emptyPassword' };
  if (!proxyFields) return { ok: true, account: { login, password, proxy: null } };

  const [host, port, username = null, proxyPassword = null] = proxyFields;
  const proxy = buildProxyPart(host!, port!, username, proxyPassword);
  if (!proxy.ok) return { ok: false, reason: proxy.reason };
  return { ok: true, account: { login, password, proxy: proxy.proxy } };
}

/** Parses every line; bad lines are reported by number, good ones kept in order. */
export function parseAccountLines(content: string): AccountLinesResult {
  const accounts: AccountLine[] = [];
  const errors: AccountLineError[] = [];
  for (const { number, text } of meaningfulLines(content)) {
    const result = parseAccountLine(text);
    if (result.ok) accounts.push({ line: number, ...result.account });
    else errors.push({ line: number, login: text.split(':')[0]?.trim() || null, reason: result.reason });
  }
  return { accounts, errors };
}
