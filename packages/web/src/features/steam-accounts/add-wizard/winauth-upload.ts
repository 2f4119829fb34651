import { looksLikeWinAuthExport } from '@tradedeck/sdk/domain';

/** How much of a text file tells whether it is a WinAuth export (its first line starts with `otpauth://`). */
const SNIFF_BYTES = 64;

/**
 * Picks WinAuth exports (text files of `otpauth://` lines, one account each) out of the files a user dropped, by
 * their first bytes: their names say nothing (`winauth.txt`, `export`...), and any other text file stays refused.
 */
export async function pickWinAuthExports<T extends Blob & { name: string }>(
  files: readonly T[],
): Promise<{ exports: T[]; others: T[] }> {
  const exports: T[] = [];
  const others: T[] = [];
  for (const file of files) {
    const head = file.size > 0 ? await file.slice(0, SNIFF_BYTES).text() : '';
    if (looksLikeWinAuthExport(head)) exports.push(file);
    else others.push(file);
  }
  return { exports, others };
}
