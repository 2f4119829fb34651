import type { SteamAccountRow } from '@tradedeck/sdk/contract';
import {
  type MafileFailureReason,
  type MafileOwnerProblem,
  mafileFailureMessages,
  mafileOwnerProblem,
  parseMafileText,
} from '@tradedeck/sdk/domain';
import type { Language } from '@tradedeck/sdk/i18n';

/** The text to send, or why the picked file cannot replace the account's maFile. */
export type ReplacementCheck =
  | { ok: true; text: string }
  | { ok: false; problem: { kind: 'reader'; message: string } | MafileOwnerProblem };

/**
 * Reads a picked file as the add wizard's maFile reader does (name, size, JSON, secrets) and checks it is this
 * account's by the rule the server applies (`mafileOwnerProblem`); the server checks again.
 */
export function checkReplacementMafile(
  fileName: string,
  text: string,
  account: Pick<SteamAccountRow, 'login' | 'steamId'>,
  language: Language,
): ReplacementCheck {
  const reader = (reason: MafileFailureReason): ReplacementCheck => ({
    ok: false,
    problem: { kind: 'reader', message: mafileFailureMessages[language][reason] },
  });
  if (!/\.mafile$/i.test(fileName)) return reader('wrongExtension');
  const read = parseMafileText(text, { tryExtractProxy: false });
  if (!read.ok) return reader(read.reason);
  const problem = mafileOwnerProblem(read.mafile, account);
  return problem ? { ok: false, problem } : { ok: true, text };
}
