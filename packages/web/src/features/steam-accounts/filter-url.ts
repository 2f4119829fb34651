/**
 * The screen's filters as URL parameters (so a filtered view reloads and can be shared) and their translation
 * into `steamAccounts.query` fields: `q` search, `tags`/`xtags` tag ids with/except, `status`/`xstatus`,
 * `proxy` = 1 (has a proxy) or 0 (has none).
 */
import type { SteamAccountStatus } from '@tradedeck/sdk/domain';

export const FILTER_KEYS = ['q', 'tags', 'xtags', 'status', 'xstatus', 'proxy'] as const;

export interface AccountFilters {
  searchString?: string;
  withTagIds: number[];
  exceptTagIds: number[];
  withStatus: SteamAccountStatus[];
  exceptStatus: SteamAccountStatus[];
  hasProxy?: boolean;
}

/** Comma-separated non-negative integers, without repeats. */
function parseList(value: string | undefined): number[] {
  if (!value) return [];
  const items = value
    .split(',')
    .filter((part) => part.trim() !== '')
    .map((part) => Number(part))
    .filter((item) => Number.isInteger(item) && item >= 0);
  return [...new Set(items)];
}

export const parseIds = (value: string | undefined): number[] => parseList(value).filter((id) => id > 0);

const isStatus = (value: number): value is SteamAccountStatus => value === 0 || value === 1 || value === 2;

function parseStatuses(value: string | undefined): SteamAccountStatus[] {
  return parseList(value).filter(isStatus);
}

export function toQueryFilters(filters: Record<string, string>): AccountFilters {
  const search = filters.q?.trim();
  const result: AccountFilters = {
    withTagIds: parseIds(filters.tags),
    exceptTagIds: parseIds(filters.xtags),
    withStatus: parseStatuses(filters.status),
    exceptStatus: parseStatuses(filters.xstatus),
  };
  if (search) result.searchString = search.slice(0, 200);
  if (filters.proxy === '1') result.hasProxy = true;
  else if (filters.proxy === '0') result.hasProxy = false;
  return result;
}

export type TriState = 'with' | 'except' | null;

/** A click on a tag or status chip: off → with → except → off. */
export function nextTriState(state: TriState): TriState {
  return state === null ? 'with' : state === 'with' ? 'except' : null;
}

/** The URL values of a with/except pair after one item changes state. */
export function setTriState(
  withValue: string | undefined,
  exceptValue: string | undefined,
  item: number,
  state: TriState,
): { with: string | null; except: string | null } {
  const withIds = parseList(withValue).filter((id) => id !== item);
  const exceptIds = parseList(exceptValue).filter((id) => id !== item);
  if (state === 'with') withIds.push(item);
  if (state === 'except') exceptIds.push(item);
  return { with: withIds.join(',') || null, except: exceptIds.join(',') || null };
}

export function triStateOf(
  withValue: string | undefined,
  exceptValue: string | undefined,
  item: number,
): TriState {
  if (parseList(withValue).includes(item)) return 'with';
  if (parseList(exceptValue).includes(item)) return 'except';
  return null;
}
