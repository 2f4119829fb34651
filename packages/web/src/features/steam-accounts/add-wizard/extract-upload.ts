import type { ApiClient } from '@tradedeck/sdk/client';
import type { ExtractMafilesResultWire } from '@tradedeck/sdk/domain';

/** Sends the picked maFiles, archives and manifest to `steamAccounts.extractMafiles` as one multipart upload. */
export function extractOnServer(
  client: ApiClient,
  files: readonly File[],
  options: { tryExtractProxy: boolean; passkey: string },
): Promise<ExtractMafilesResultWire> {
  return client.steamAccounts.extractMafiles({
    tryExtractProxy: String(options.tryExtractProxy),
    ...(options.passkey ? { passkey: options.passkey } : {}),
    files: files.map((file) => ({ name: file.name, data: file })),
  });
}
