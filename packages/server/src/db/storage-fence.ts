import type { PGlite } from '@electric-sql/pglite';
import { isStorageWriteFailure } from './database-faults.ts';

/** "disk_full": what a statement refused behind the fence answers, so that a request answers 503 as for the first. */
const STORAGE_SQLSTATE = '53100';

/** A statement the embedded database was not given because an earlier one could not write its files. */
export class StorageFenced extends Error {
  override name = 'StorageFenced';
  readonly code = STORAGE_SQLSTATE;
  /** `cause`: the failure that closed the database, whose reason a log shows. */
  constructor(cause: Error) {
    super('the data directory could not be written earlier; the embedded database takes no more statements', {
      cause,
    });
  }
}

export interface StorageFence {
  /** Whether a storage failure closed the database to further statements. */
  readonly closed: boolean;
}

/**
 * After the embedded database failed to write its files (full disk, read-only, size limit), it is given nothing
 * more, not even the ROLLBACK of the failed transaction: PGlite then panics, and the statement after a panic has
 * been seen to spin inside WebAssembly at full CPU, holding the event loop so that no timer or signal handler runs
 * again (SIGTERM ignored until a watchdog kills the process). Every later statement fails at once instead, as the
 * storage failure it is; `onFailure` hears of the first one as soon as it is seen, before any other statement.
 * Every statement reaches the engine through `execProtocol` or `execProtocolStream`: those two are fenced.
 */
export function fenceOnStorageFailure(client: PGlite, onFailure: (error: Error) => void): StorageFence {
  let failure: Error | null = null;
  const guard =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      if (failure) throw new StorageFenced(failure);
      try {
        return await call(...args);
      } catch (error) {
        if (!failure && isStorageWriteFailure(error)) {
          failure = error as Error;
          onFailure(failure);
        }
        throw error;
      }
    };
  client.execProtocol = guard(client.execProtocol.bind(client));
  client.execProtocolStream = guard(client.execProtocolStream.bind(client));
  return {
    get closed() {
      return failure !== null;
    },
  };
}
