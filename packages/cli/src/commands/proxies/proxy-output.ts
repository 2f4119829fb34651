import type { ProxyAddResult, ProxyRow } from '@tradedeck/sdk/contract';
import { PROXY_PROTOCOL_SCHEMES, type ProxyProtocol, ProxyStatus } from '@tradedeck/sdk/domain';
import type { CommandContext } from '../../context.ts';
import { restingText } from '../../kit/resting.ts';
import type { MessageKey } from '../../texts/message.ts';

/** Status names as typed on the command line (`--status in-use`), by number. */
export const STATUS_ARGUMENTS: Readonly<Record<string, ProxyStatus>> = {
  'no-check': ProxyStatus.NoCheck,
  idle: ProxyStatus.Idle,
  'in-use': ProxyStatus.InUse,
  invalid: ProxyStatus.Invalid,
  expired: ProxyStatus.Expired,
  unsaved: ProxyStatus.Unsaved,
};

export function statusName(ctx: CommandContext, status: number): string {
  return ctx.t(`proxyStatus${status}` as MessageKey);
}

export const PROTOCOL_ARGUMENTS: Readonly<Record<string, ProxyProtocol>> = {
  http: 0,
  https: 1,
  socks4: 2,
  socks5: 3,
};

/** The columns of the proxies table. */
export function proxyHead(ctx: CommandContext): string[] {
  return (
    [
      'colId',
      'colProtocol',
      'colAddress',
      'colLogin',
      'colName',
      'colCountry',
      'colStatus',
      'colLatency',
      'colTags',
      'colAccounts',
      'colResting',
    ] as const
  ).map((key) => ctx.t(key));
}

/** One proxy as a table row. */
export function proxyRow(ctx: CommandContext, p: ProxyRow): string[] {
  return [
    String(p.id),
    PROXY_PROTOCOL_SCHEMES[p.identity.protocol],
    hostPort(p.identity.address, p.identity.port),
    p.credentials?.username ?? '',
    p.proxyName ?? '',
    p.metadata.countryCode ?? '',
    statusName(ctx, p.status),
    p.lastCheck?.latencyMs != null ? `${Math.round(p.lastCheck.latencyMs)} ms` : '',
    p.tags.map((t) => t.name).join(','),
    p.steamAccounts.map((a) => a.login).join(','),
    // Last, so scripts that cut the earlier columns by number keep working.
    restingText(ctx, p.resting),
  ];
}

/** A proxy as a confirmation question names it. */
export const proxyLabel = (p: ProxyRow) => `${hostPort(p.identity.address, p.identity.port)} (id ${p.id})`;

export const hostPort = (host: string, port: number) =>
  host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;

/** The import summary and one line per rejected line (stderr text). */
export function importReport(ctx: CommandContext, result: ProxyAddResult): string[] {
  const lines = [
    ctx.t('importSummary', {
      added: result.addedIds.length,
      duplicates: result.duplicates.length,
      invalid: result.invalid.length,
    }),
  ];
  if (result.updatedIds.length > 0)
    lines.push(ctx.t('passwordsUpdated', { count: result.updatedIds.length }));
  for (const issue of result.invalid) {
    lines.push(ctx.t('lineIssue', { line: issue.line, message: issue.message, text: issue.text }));
  }
  if (result.duplicates.length > 0) {
    lines.push(ctx.t('duplicateLines', { lines: compactRanges(result.duplicates.map((d) => d.line)) }));
  }
  return lines;
}

/** `1,2,3,5,7,8` → `1-3, 5, 7-8`: thousands of repeated lines stay one readable line. */
export function compactRanges(numbers: readonly number[]): string {
  const sorted = [...new Set(numbers)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j += 1;
    parts.push(i === j ? String(sorted[i]) : `${sorted[i]}-${sorted[j]}`);
    i = j + 1;
  }
  return parts.join(', ');
}
