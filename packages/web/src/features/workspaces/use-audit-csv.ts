import { api } from '@tradedeck/sdk/contract';
import { useCallback } from 'react';
import { useServices } from '../../shared/app-services.tsx';
import { saveFile } from '../../shared/save-file.ts';
import { useDescribeError } from '../../shared/use-describe-error.ts';
import type { AuditFilters } from './audit-filters.ts';

/** A long log may take a while to stream. */
const EXPORT_TIMEOUT_MS = 300_000;

/**
 * Downloads the audit entries matching the filters as CSV from the server's streamed `audit.export` (the
 * session's token and the workspace go with the call, so the browser cannot follow a plain link to it).
 */
export function useAuditCsv(filters: AuditFilters) {
  const { client, toasts } = useServices();
  const describe = useDescribeError();
  return useCallback(async () => {
    try {
      const response = await client.stream(api.audit.export, filters, { timeoutMs: EXPORT_TIMEOUT_MS });
      saveFile(await response.blob(), `audit-${new Date().toISOString().slice(0, 10)}.csv`);
    } catch (error) {
      toasts.show({ kind: 'error', text: describe(error) });
    }
  }, [client, toasts, describe, filters]);
}
