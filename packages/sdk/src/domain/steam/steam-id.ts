/** SteamID64 handling on decimal strings and BigInt, never through a JS number. */

/** First and last SteamID64 of individual accounts (universe Public, type Individual, instance Desktop). */
export const INDIVIDUAL_STEAMID_MIN = 76561197960265728n;
export const INDIVIDUAL_STEAMID_MAX = 76561202255233023n;

/** True for a decimal string naming an individual Steam account. */
export function isIndividualSteamId(value: string): boolean {
  if (!/^\d{17}$/.test(value)) return false;
  const id = BigInt(value);
  return id > INDIVIDUAL_STEAMID_MIN && id <= INDIVIDUAL_STEAMID_MAX;
}

/** The 32-bit account id used in trade URLs (`?partner=`). */
export function accountIdFromSteamId(steamId: string): number {
  return Number(BigInt(steamId) - INDIVIDUAL_STEAMID_MIN);
}

export function steamIdFromAccountId(accountId: number): string {
  return (INDIVIDUAL_STEAMID_MIN + BigInt(accountId)).toString();
}

export type SteamIdReading = { kind: 'absent' } | { kind: 'invalid' } | { kind: 'valid'; steamId: string };

/**
 * Reads a SteamID field after lossless parsing: a decimal string (big values arrive quoted) or a safe
 * number. `0`, `null` and empty count as absent (files written before sign-in carry them).
 */
export function readSteamIdField(value: unknown): SteamIdReading {
  if (value === undefined || value === null || value === '' || value === 0 || value === '0')
    return { kind: 'absent' };
  let text: string;
  if (typeof value === 'string') text = value.trim();
  else if (typeof value === 'number' && Number.isSafeInteger(value)) text = String(value);
  else return { kind: 'invalid' };
  return isIndividualSteamId(text) ? { kind: 'valid', steamId: text } : { kind: 'invalid' };
}
