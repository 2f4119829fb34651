import type { ApiClient } from '@tradedeck/sdk/client';
import type { ExtractMafilesResultWire } from '@tradedeck/sdk/domain';

/** Sends the picked maFiles, archives and manifest to `steamAccounts.extractMafiles` as one multipart upload. */
export function extractOnServer(
  client: ApiClient,
  files: readonly File[],
  options: { tryExtractProxy: boolean; passkey: string },
): Promise<ExtractMafilesResultWire> {
  const call = client.steamAccounts.extractMafiles as unknown as (
    input: Record<string, unknown>,
  ) => Promise<ExtractMafilesResultWire>;
  return call({
    tryExtractProxy: options.tryExtractProxy,
    ...(options.passkey ? { passkey: options.passkey } : {}),
    files,
  });
}
