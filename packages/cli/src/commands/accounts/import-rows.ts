import {
  type AddRow,
  type ExtractMafilesResultWire,
  loginKey,
  type ProxyPart,
  validateRows,
} from '@tradedeck/sdk/domain';

type ExtractedWire = ExtractMafilesResultWire['extractedData'][number];

/**
 * Rows of the add list from the server's reading of the maFiles, by the wizard's rules: one row per login
 * (the first file wins), a file without a login stays as an error row, a proxy in the file fills the row.
 */
export function rowsFromExtracted(items: readonly ExtractedWire[]): AddRow[] {
  const rows: AddRow[] = [];
  const seen = new Set<string>();
  for (const item of items) {
    const key = item.login ? loginKey(item.login) : `file:${item.fileName}`;
    if (seen.has(key)) continue;
    seen.add(key);
    rows.push({
      key,
      login: item.login?.trim() ?? '',
      password: null,
      mafile: item.mafile,
      mafileName: item.fileName,
      steamId: item.steamId,
      proxyId: null,
      proxyData: item.proxy ? proxyPart(item.proxy) : null,
      status: 'pending',
      reason: null,
    });
  }
  return validateRows(rows);
}

function proxyPart(proxy: NonNullable<ExtractedWire['proxy']>): ProxyPart {
  return {
    protocol: proxy.protocol,
    host: proxy.address,
    port: proxy.port,
    username: proxy.username,
    password: proxy.password,
  };
}

/** Splits rows into request-sized chunks, keeping their order. */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  return chunks;
}
