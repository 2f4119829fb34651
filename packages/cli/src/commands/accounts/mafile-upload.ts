import type { ExtractMafilesResultWire } from '@tradedeck/sdk/domain';
import type { CommandContext } from '../../context.ts';
import type { UploadFile } from './mafile-sources.ts';

/** Sends the maFiles (or a zip) to `steamAccounts.extractMafiles` as a multipart upload. */
export async function uploadMafiles(
  ctx: CommandContext,
  files: readonly UploadFile[],
  passkey: string | undefined,
): Promise<ExtractMafilesResultWire> {
  const input = {
    tryExtractProxy: 'true',
    ...(passkey !== undefined ? { passkey } : {}),
    files: files.map((file) => ({ name: file.name, data: file.content })),
  };
  // Reading many files with key derivation for encrypted ones can take longer than a plain call.
  return ctx.client().steamAccounts.extractMafiles(input, { timeoutMs: 120_000 });
}
