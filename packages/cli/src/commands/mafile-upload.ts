import type { ExtractMafilesResultWire } from '@tradedeck/sdk/domain';
import type { CommandContext } from '../context.ts';
import type { UploadFile } from './mafile-sources.ts';

/** Sends the maFiles (or a zip) to `steamAccounts.extractMafiles` as a multipart upload. */
export async function uploadMafiles(
  ctx: CommandContext,
  files: readonly UploadFile[],
  passkey: string | undefined,
): Promise<ExtractMafilesResultWire> {
  return ctx.client().steamAccounts.extractMafiles(
    { tryExtractProxy: 'true', ...(passkey !== undefined ? { passkey } : {}) },
    // The multipart file list travels beside the query-string fields.
    { files: files.map((f) => ({ name: f.name, content: f.content })) } as never,
  );
}
