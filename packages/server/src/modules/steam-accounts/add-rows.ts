import {
  type AddAccountItem,
  type AddAccountReason,
  type ParsedMafile,
  parseMafileText,
} from '@tradedeck/sdk/domain';
import type { SteamProxy } from '../../integrations/steam/index.ts';

/** One row of an add request on its way through the checks. */
export interface AddCandidate {
  index: string;
  login: string;
  password: string;
  mafileText: string;
  mafile: ParsedMafile;
  item: AddAccountItem;
  /** Filled by the proxy step. */
  proxy?: ResolvedProxy;
}

/** The proxy a row signs in through: a stored one, or an inline one stored together with the account. */
export interface ResolvedProxy {
  steam: SteamProxy;
  storedId: number | null;
}

export type RowErrors = Map<string, AddAccountReason>;

/** Rows in the client's index order (numeric keys), so results and distribution are deterministic. */
export function orderedRows(accounts: Record<string, AddAccountItem>): [string, AddAccountItem][] {
  return Object.entries(accounts).sort(([a], [b]) => Number(a) - Number(b));
}

/**
 * Re-reads every maFile (the server never trusts the client's reading) and checks that it belongs to the row's
 * login; a second row for a login already in the request is refused as already added.
 */
export function readCandidates(rows: [string, AddAccountItem][], errors: RowErrors): AddCandidate[] {
  const seen = new Set<string>();
  const candidates: AddCandidate[] = [];
  for (const [index, item] of rows) {
    const login = item.login.trim();
    const key = login.toLowerCase();
    if (seen.has(key)) {
      errors.set(index, 'alreadyAdded');
      continue;
    }
    seen.add(key);
    const read = parseMafileText(item.mafile, { tryExtractProxy: false });
    if (!read.ok) {
      errors.set(index, 'invalidMafile');
      continue;
    }
    const fileLogin = read.mafile.accountName?.trim().toLowerCase();
    if (fileLogin && fileLogin !== key) {
      errors.set(index, 'invalidMafile');
      continue;
    }
    candidates.push({
      index,
      login,
      password: item.password,
      mafileText: item.mafile,
      mafile: read.mafile,
      item,
    });
  }
  return candidates;
}
