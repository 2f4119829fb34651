/**
 * The audit log's filters as URL parameters (`actor`, `op`, and `from`, `to` as calendar days) and their
 * translation into the `audit.list` and `audit.export` filter fields.
 */
import { dayPeriod } from '../../shared/day-period.ts';

export const FILTER_KEYS = ['actor', 'op', 'from', 'to'] as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface AuditFilters {
  actorId?: string;
  operation?: string;
  from?: string;
  to?: string;
}

export function toAuditFilters(filters: Record<string, string>): AuditFilters {
  const operation = filters.op?.trim().slice(0, 80);
  return {
    ...(filters.actor && UUID.test(filters.actor) ? { actorId: filters.actor } : {}),
    ...(operation ? { operation } : {}),
    ...dayPeriod(filters),
  };
}

/** The ids an entry names, as one line (`proxyId 12 · ids 3, 4 (2)`); never more than the server recorded. */
export function targetsText(targets: Record<string, unknown>): string {
  return Object.entries(targets)
    .map(([key, value]) => `${key} ${Array.isArray(value) ? value.join(', ') : String(value)}`)
    .join(' · ');
}
