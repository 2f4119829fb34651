/**
 * The screen's tabs: the session list, the profiles, then one tab per opened session, kept in the URL (`open`,
 * `tab`) so a reload or a shared link shows the same tabs.
 */
export type HarvesterTab = 'sessions' | 'profiles' | number;

export const OPEN_KEY = 'open';
export const TAB_KEY = 'tab';

export function parseOpenSessions(value: string | null): number[] {
  if (!value) return [];
  const ids = value
    .split(',')
    .map((part) => Number(part))
    .filter((id) => Number.isSafeInteger(id) && id > 0);
  return [...new Set(ids)];
}

export function parseTab(value: string | null, open: readonly number[]): HarvesterTab {
  if (value === 'profiles') return 'profiles';
  const id = Number(value);
  return open.includes(id) ? id : 'sessions';
}

export function allTabs(open: readonly number[]): HarvesterTab[] {
  return ['sessions', 'profiles', ...open];
}

/** The tab `delta` places away from the current one, wrapping around. */
export function stepTab(open: readonly number[], current: HarvesterTab, delta: number): HarvesterTab {
  const tabs = allTabs(open);
  const index = Math.max(0, tabs.indexOf(current));
  return tabs[(index + delta + tabs.length * 2) % tabs.length]!;
}

/** Open tabs after opening a session (appended once). */
export function withSession(open: readonly number[], id: number): number[] {
  return open.includes(id) ? [...open] : [...open, id];
}

/** Open tabs and the tab shown after closing a session tab: its left neighbour. */
export function withoutSession(
  open: readonly number[],
  current: HarvesterTab,
  id: number,
): { open: number[]; tab: HarvesterTab } {
  const index = open.indexOf(id);
  const rest = open.filter((other) => other !== id);
  if (current !== id) return { open: rest, tab: current };
  const neighbour = rest[index - 1] ?? rest[index] ?? 'sessions';
  return { open: rest, tab: neighbour };
}
