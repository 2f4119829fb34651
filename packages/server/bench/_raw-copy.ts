/**
 * A raw `COPY` of rows into a table, the physical limit an import is measured against: through node-postgres'
 * COPY FROM STDIN on Postgres, and `COPY … FROM '/dev/blob'` on PGlite.
 */
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { BenchServer } from './_proxies-server.ts';

/** A text-format COPY line: tab-separated, `\N` for null, backslash escapes for the few special characters. */
export function copyLine(values: readonly (string | number | null)[]): string {
  return `${values
    .map((v) =>
      v === null
        ? '\\N'
        : String(v).replace(
            /[\\\t\n\r]/g,
            (c) => ({ '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' })[c]!,
          ),
    )
    .join('\t')}\n`;
}

/** COPY FROM STDIN as one node-postgres query: the data goes out the moment the server asks for it. */
class CopyIn extends pg.Query {
  constructor(
    text: string,
    private readonly data: Buffer,
  ) {
    super(text);
  }
  // node-postgres calls this hook on a query the moment the server asks for the COPY data; its types leave it out.
  handleCopyInResponse(connection: { sendCopyFromChunk(chunk: Buffer): void; endCopyFrom(): void }): void {
    for (let at = 0; at < this.data.length; at += 1 << 20)
      connection.sendCopyFromChunk(this.data.subarray(at, at + (1 << 20)));
    connection.endCopyFrom();
  }
}

/** Copies `text` (COPY text format) into `table (columns)`; returns the seconds it took. */
export async function rawCopy(
  server: BenchServer,
  databaseUrl: string | null,
  table: string,
  columns: readonly string[],
  text: string,
): Promise<number> {
  const statement = `copy ${table} (${columns.join(', ')}) from stdin`;
  if (databaseUrl === null) {
    const client = (server.db as unknown as { $client: PGlite }).$client;
    // The app's one connection plans every statement for its parameters, the foreign key's check of each row
    // too; a COPY from a connection of its own would not (the import itself does not either: db/bulk-writes.ts).
    const { rows } = await client.query<{ mode: string }>(
      `select current_setting('plan_cache_mode') as mode`,
    );
    await client.query(`select set_config('plan_cache_mode', 'auto', false)`);
    try {
      const started = performance.now();
      await client.query(statement.replace('from stdin', "from '/dev/blob'"), [], { blob: new Blob([text]) });
      return (performance.now() - started) / 1000;
    } finally {
      await client.query(`select set_config('plan_cache_mode', $1, false)`, [rows[0]!.mode]);
    }
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const data = Buffer.from(text);
    const started = performance.now();
    await new Promise<void>((resolve, reject) => {
      client.query(
        new CopyIn(statement, data) as never,
        ((error: Error | null) => (error ? reject(error) : resolve())) as never,
      );
    });
    return (performance.now() - started) / 1000;
  } finally {
    await client.end();
  }
}
