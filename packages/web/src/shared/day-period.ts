const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

/** Whether a period of calendar days (`from`, `to` as `YYYY-MM-DD`) ends before it starts. */
export function badPeriod(filters: Record<string, string>): boolean {
  return Boolean(filters.from && filters.to && filters.from > filters.to);
}

/**
 * A period of whole UTC days from URL parameters as the server's instants: `to` is included, so the exclusive end
 * is the next midnight. A malformed day or a reversed period adds nothing.
 */
export function dayPeriod(filters: Record<string, string>): { from?: string; to?: string } {
  if (badPeriod(filters)) return {};
  const from = filters.from && DAY.test(filters.from) ? `${filters.from}T00:00:00.000Z` : undefined;
  const toDay = filters.to && DAY.test(filters.to) ? Date.parse(`${filters.to}T00:00:00Z`) : Number.NaN;
  const to = Number.isNaN(toDay) ? undefined : new Date(toDay + DAY_MS).toISOString();
  return { ...(from ? { from } : {}), ...(to ? { to } : {}) };
}
