import { api, type CallableInput } from '@tradedeck/sdk/contract';
import { useCallback } from 'react';
import { useServices } from '../../shared/app-services.tsx';
import { saveFile } from '../../shared/save-file.ts';
import { useDescribeError } from '../../shared/use-describe-error.ts';

/** A big ledger may take a while to stream. */
const EXPORT_TIMEOUT_MS = 300_000;

type ExportInput = CallableInput<typeof api.ledger.export>;

/**
 * Downloads the ledger's entries or its profit report as CSV from the server's streamed `ledger.export` (the
 * session's token goes with the call, so the browser cannot follow a plain link to it).
 */
export function useLedgerCsv(input: Omit<ExportInput, 'what'>) {
  const { client, toasts } = useServices();
  const describe = useDescribeError();
  return useCallback(
    async (what: 'entries' | 'profit') => {
      try {
        const response = await client.stream(
          api.ledger.export,
          { ...input, what },
          { timeoutMs: EXPORT_TIMEOUT_MS },
        );
        saveFile(await response.blob(), `ledger-${what}-${new Date().toISOString().slice(0, 10)}.csv`);
      } catch (error) {
        toasts.show({ kind: 'error', text: describe(error) });
      }
    },
    [client, toasts, describe, input],
  );
}
