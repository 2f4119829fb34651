import type { ProxyRow } from '@tradedeck/sdk/contract';
import type { StatusEvent } from './running-checks.ts';

interface Page {
  items: ProxyRow[];
  total: number;
  page: number;
  pageSize: number;
}

/** A row after its check result: status, country (kept when the check found none) and the last check. */
export function applyStatusEvent(row: ProxyRow, event: StatusEvent): ProxyRow {
  return {
    ...row,
    status: event.status,
    metadata: { ...row.metadata, countryCode: event.countryCode ?? row.metadata.countryCode },
    lastCheck: {
      checkedAt: event.checkedAt,
      valid: event.valid,
      latencyMs: event.latencyMs,
      exitIp: event.exitIp,
      errorClass: event.errorClass,
    },
  };
}

/** A cached list page with the results applied; the same object when none of its rows changed. */
export function applyStatusEvents<P extends Page>(
  page: P | undefined,
  events: ReadonlyMap<number, StatusEvent>,
) {
  if (!page) return page;
  let changed = false;
  const items = page.items.map((row) => {
    const event = events.get(row.id);
    if (!event) return row;
    changed = true;
    return applyStatusEvent(row, event);
  });
  return changed ? { ...page, items } : page;
}
