import type { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Database } from '../db/database.ts';

/**
 * Hears the notices of committed events and ended sessions, from this process and every other one on the same
 * database.
 */
export interface NoticeListener {
  close(): Promise<void>;
}

export interface ListenOptions {
  database: Database;
  /** Needed on Postgres: LISTEN takes a dedicated connection of its own. */
  databaseUrl: string | null;
  /** What to do with the notices of each channel; one connection listens on all of them. */
  channels: Record<string, (text: string) => void>;
  log: FastifyBaseLogger;
  /**
   * Called when the listening connection broke and notices may have been missed; the hub server then asks its
   * clients to reconnect so that they resume from their sequence tokens.
   */
  onGap(): void;
}

export async function listenForNotices(options: ListenOptions): Promise<NoticeListener> {
  if (options.database.kind === 'pglite') {
    // PGlite delivers NOTIFY to listeners of the same instance: the same path as Postgres, within one process.
    const client = (options.database.db as unknown as { $client: PGlite }).$client;
    const unlisteners = await Promise.all(
      Object.entries(options.channels).map(([channel, onNotice]) => client.listen(channel, onNotice)),
    );
    return {
      close: async () => {
        await Promise.all(unlisteners.map((unlisten) => unlisten().catch(() => {})));
      },
    };
  }
  if (!options.databaseUrl) throw new Error('A Postgres database needs its URL for the notice listener');
  return PostgresListener.start(options);
}

const RECONNECT_DELAY_MS = 1000;

class PostgresListener implements NoticeListener {
  #client: pg.Client | null = null;
  #closed = false;
  #timer: NodeJS.Timeout | null = null;

  private constructor(private readonly options: ListenOptions) {}

  static async start(options: ListenOptions): Promise<PostgresListener> {
    const listener = new PostgresListener(options);
    await listener.#connect();
    return listener;
  }

  async #connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.options.databaseUrl! });
    client.on('notification', (message) => {
      const onNotice = Object.hasOwn(this.options.channels, message.channel)
        ? this.options.channels[message.channel]
        : undefined;
      if (onNotice && message.payload) onNotice(message.payload);
    });
    client.on('error', (error) => this.#lost(client, error));
    client.on('end', () => this.#lost(client, null));
    await client.connect();
    for (const channel of Object.keys(this.options.channels)) {
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    }
    this.#client = client;
  }

  #lost(client: pg.Client, error: Error | null): void {
    if (this.#client !== client || this.#closed) return;
    this.#client = null;
    this.options.log.warn({ err: error }, 'hub notice listener lost its database connection; reconnecting');
    client.end().catch(() => {});
    this.options.onGap();
    this.#retry();
  }

  #retry(): void {
    this.#timer = setTimeout(() => {
      this.#timer = null;
      if (this.#closed) return;
      this.#connect().then(
        () => this.options.onGap(),
        (error: unknown) => {
          this.options.log.warn({ err: error }, 'hub notice listener could not reconnect yet');
          this.#retry();
        },
      );
    }, RECONNECT_DELAY_MS);
    this.#timer.unref();
  }

  async close(): Promise<void> {
    this.#closed = true;
    if (this.#timer) clearTimeout(this.#timer);
    const client = this.#client;
    this.#client = null;
    await client?.end().catch(() => {});
  }
}
