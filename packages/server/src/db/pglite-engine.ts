import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { installPreparedStatements } from './pglite-prepared.ts';
import { fenceOnStorageFailure, type StorageFence } from './storage-fence.ts';

/** `memory://`: a throw-away database in memory instead of a data directory. */
export const IN_MEMORY = 'memory://';

/**
 * Files the embedded database keeps open at most; Postgres closes the least recently used beyond it. Unbounded, it
 * keeps every relation file it touched open (about 150 on a fresh data directory, more as data grows), and under a
 * tight open-files limit (`ulimit -n 400`) a proxy check then left the database itself without descriptors. 64 is
 * Postgres's own minimum.
 */
const PGLITE_MAX_FILES = 64;

export function pgliteSettings(sharedBuffers?: string) {
  return {
    // pg_trgm serves the lists' text search (drizzle/0026_search_tokens.sql); btree_gin puts the user id in the
    // same index (0027_proxies_query.sql).
    extensions: { pg_trgm, btree_gin },
    startParams: [
      ...PGlite.defaultStartParams,
      '-c',
      `max_files_per_process=${PGLITE_MAX_FILES}`,
      ...(sharedBuffers ? ['-c', `shared_buffers=${sharedBuffers}`] : []),
    ],
  };
}

export interface EngineOptions {
  dataDir: string;
  template?: Blob | undefined;
  sharedBuffers?: string | undefined;
  /** Hears the first failure to write the data directory (see storage-fence.ts). */
  onStorageFailure(error: Error): void;
}

export interface Engine {
  client: PGlite;
  fence: StorageFence;
}

/**
 * Starts the embedded engine as the server uses it, on the event loop or on a thread of its own
 * (`pglite-thread-worker.ts`): the extensions, start parameters, plan choice, prepared statements and storage fence.
 */
export async function startPgliteEngine(options: EngineOptions): Promise<Engine> {
  const { extensions, startParams } = pgliteSettings(options.sharedBuffers);
  const settings = {
    extensions,
    startParams,
    ...(options.template ? { loadDataDir: options.template } : {}),
  };
  const client = options.dataDir === IN_MEMORY ? new PGlite(settings) : new PGlite(options.dataDir, settings);
  await client.waitReady;
  // Parsing every statement again was a share of a request's time in WebAssembly. Each run is still planned
  // for its own parameters: a generic plan of a list query can be far worse than the plan for the values at
  // hand (the tag filter by latency at 100,000 proxies took a third longer with the plan cache's choice).
  await client.exec('set plan_cache_mode = force_custom_plan');
  installPreparedStatements(client);
  const fence = fenceOnStorageFailure(client, options.onStorageFailure);
  return { client, fence };
}
