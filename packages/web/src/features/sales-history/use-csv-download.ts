import { api, type SaleFilters } from '@tradedeck/sdk/contract';
import { useCallback } from 'react';
import { useServices } from '../../shared/app-services.tsx';
import { saveFile } from '../../shared/save-file.ts';
import type { SortItem } from '../../shared/table/table-url-state.ts';
import { useDescribeError } from '../../shared/use-describe-error.ts';

/** A big export may take a while to stream. */
const EXPORT_TIMEOUT_MS = 300_000;

/**
 * Downloads the sales matching the filters as CSV from the server's streamed `sales.export` (the session's token
 * goes with the call, so the browser cannot follow a plain link to it).
 */
export function useCsvDownload(filters: Partial<SaleFilters>, sort: SortItem[]) {
  const { client, toasts } = useServices();
  const describe = useDescribeError();
  return useCallback(async () => {
    try {
      const response = await client.stream(
        api.sales.export,
        { ...filters, sort } as Parameters<typeof client.sales.export>[0],
        { timeoutMs: EXPORT_TIMEOUT_MS },
      );
      saveFile(await response.blob(), `sales-${new Date().toISOString().slice(0, 10)}.csv`);
    } catch (error) {
      toasts.show({ kind: 'error', text: describe(error) });
    }
  }, [client, toasts, describe, filters, sort]);
}
