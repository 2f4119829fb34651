import { api, type PortfolioFilters, type PortfolioSelection } from '@tradedeck/sdk/contract';
import { useCallback } from 'react';
import { useServices } from '../../shared/app-services.tsx';
import { saveFile } from '../../shared/save-file.ts';
import { useDescribeError } from '../../shared/use-describe-error.ts';

/** A big export may take a while to stream. */
const EXPORT_TIMEOUT_MS = 300_000;

/**
 * Saves the portfolio's items as CSV from the server's streamed `portfolio.export`: the selected assets when some
 * are picked, else everything the filters match. The session's token goes with the call, so a plain link cannot.
 */
export function usePortfolioExport(filters: PortfolioFilters & { currency: string }) {
  const { client, toasts } = useServices();
  const describe = useDescribeError();
  return useCallback(
    async (assets?: PortfolioSelection) => {
      try {
        const input = { ...filters, ...(assets?.length ? { assets } : {}) };
        const response = await client.stream(
          api.portfolio.export,
          input as Parameters<typeof client.portfolio.export>[0],
          { timeoutMs: EXPORT_TIMEOUT_MS },
        );
        saveFile(await response.blob(), `portfolio-${new Date().toISOString().slice(0, 10)}.csv`);
      } catch (error) {
        toasts.show({ kind: 'error', text: describe(error) });
      }
    },
    [client, toasts, describe, filters],
  );
}
