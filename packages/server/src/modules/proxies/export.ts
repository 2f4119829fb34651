import { ResultCode } from '@tradedeck/sdk/contract';
import { type ExportableProxy, type ProxyExportFormat, proxyLineRenderer } from '@tradedeck/sdk/domain';
import { keyValuesOf } from '../../db/list-page.ts';
import { AppError } from '../../http/app-error.ts';
import type { SecretBox } from '../../security/secret-box.ts';
import type { ProxyFilters } from './filter-sql.ts';
import { proxyMessages } from './messages.ts';
import type { ProxiesRepo, ProxyDbRow, ProxySort } from './repo.ts';
import { passwordSlot } from './rows.ts';

/** Rows read per query while streaming: memory stays flat whatever the list size. */
const EXPORT_CHUNK_ROWS = 2_000;

export interface ExportRequest extends Partial<ProxyFilters> {
  ids?: number[] | undefined;
  format: ProxyExportFormat;
  template?: string | undefined;
  sort: ProxySort[];
}

/**
 * Prepares an export: refuses a bad template before anything is sent (result 10 in the envelope), then yields
 * the selected proxies as text, one line each ending in LF. The export carries passwords when the format does
 * (ip_port_auth, auth_ip_port, `{pass}`): it is the user's own explicit download of their list.
 */
export async function exportProxyLines(
  repo: ProxiesRepo,
  secrets: SecretBox,
  userId: string,
  request: ExportRequest,
): Promise<AsyncIterable<string>> {
  if (request.format === 'custom' && !request.template?.trim()) {
    throw new AppError({
      code: ResultCode.ValidationError,
      text: proxyMessages.customNeedsTemplate,
    });
  }
  const renderer = proxyLineRenderer(
    request.format === 'custom'
      ? { format: 'custom', template: request.template! }
      : { format: request.format },
  );
  if (!renderer.ok) throw new AppError({ code: ResultCode.ValidationError, text: renderer.error });
  const box = await secrets.openFor(userId);
  const render = (row: ProxyDbRow) =>
    renderer.render(exportable(row, (enc) => box.decrypt(passwordSlot(userId, row.identityHash), enc)));
  return request.ids === undefined
    ? byKeyset(repo, userId, request, render)
    : inOrder(repo, userId, request, render);
}

/**
 * The filtered list in the requested order (oldest first by default): keyset pages, so each query is an index
 * range however far it goes and memory stays flat whatever the list size.
 */
async function* byKeyset(
  repo: ProxiesRepo,
  userId: string,
  request: ExportRequest,
  render: (row: ProxyDbRow) => string,
): AsyncGenerator<string> {
  const sort: ProxySort[] =
    request.sort.length > 0 ? request.sort : [{ propertyName: 'id', isDescending: false }];
  let after: (string | null)[] | null = null;
  for (;;) {
    const from = after;
    const { rows, next } = await repo.run(userId, async (q) => {
      const page = await q.rowsAfter(request, sort, from, EXPORT_CHUNK_ROWS);
      const last = page.at(-1);
      return { rows: page, next: last ? keyValuesOf(last, q.listKeys(sort)) : null };
    });
    if (rows.length === 0) return;
    yield lines(rows, render);
    if (rows.length < EXPORT_CHUNK_ROWS) return;
    after = next;
  }
}

/** An id list: the ordered ids are read once (bounded by the request), then the rows chunk by chunk. */
async function* inOrder(
  repo: ProxiesRepo,
  userId: string,
  request: ExportRequest,
  render: (row: ProxyDbRow) => string,
): AsyncGenerator<string> {
  const sort: ProxySort[] =
    request.sort.length > 0 ? request.sort : [{ propertyName: 'id', isDescending: false }];
  const ids = await repo.run(userId, (q) => q.orderedIds(request, request.ids, sort));
  for (let i = 0; i < ids.length; i += EXPORT_CHUNK_ROWS) {
    const chunk = ids.slice(i, i + EXPORT_CHUNK_ROWS);
    const rows = await repo.run(userId, (q) => q.byIds(chunk));
    const byId = new Map(rows.map((row) => [row.id, row]));
    // A proxy deleted since the ids were read is skipped.
    const ordered = chunk.flatMap((id) => byId.get(id) ?? []);
    if (ordered.length > 0) yield lines(ordered, render);
  }
}

function lines(rows: readonly ProxyDbRow[], render: (row: ProxyDbRow) => string): string {
  let text = '';
  for (const row of rows) text += `${render(row)}\n`;
  return text;
}

function exportable(row: ProxyDbRow, decrypt: (envelope: string) => string): ExportableProxy {
  return {
    protocol: row.protocol as ExportableProxy['protocol'],
    host: row.host,
    port: row.port,
    credentials:
      row.username === null
        ? null
        : { username: row.username, password: row.passwordEnc === null ? '' : decrypt(row.passwordEnc) },
    name: row.name,
    countryCode: row.countryCode,
  };
}
