import type { ParsedMafile } from './read-mafile.ts';

/** Why a maFile cannot replace a stored account's: it names no account, or another one (both described). */
export type MafileOwnerProblem =
  | { kind: 'namesNoAccount' }
  | { kind: 'otherAccount'; file: string; account: string };

const describe = (login: string | null, steamId: string | null) =>
  [login, steamId ? `SteamID ${steamId}` : null].filter(Boolean).join(', ');

/**
 * Whether a maFile is a stored account's, for replacing its maFile: the file's `account_name` equal to the login
 * (any case) and its SteamID equal to the stored one, whichever both carry. A file without a name proves itself by
 * its SteamID only, so the account must have one. The web checks before sending, the server decides.
 */
export function mafileOwnerProblem(
  mafile: Pick<ParsedMafile, 'accountName' | 'steamId'>,
  account: { login: string; steamId: string | null },
): MafileOwnerProblem | null {
  const { accountName, steamId } = mafile;
  if (!accountName && !steamId) return { kind: 'namesNoAccount' };
  const loginMatches = !accountName || accountName.toLowerCase() === account.login.toLowerCase();
  const steamIdMatches = !steamId || !account.steamId || steamId === account.steamId;
  const provable = accountName !== null || account.steamId !== null;
  if (loginMatches && steamIdMatches && provable) return null;
  return {
    kind: 'otherAccount',
    file: describe(accountName, steamId),
    account: describe(account.login, account.steamId),
  };
}
