import type { FastifyInstance } from 'fastify';
import { type AppOptions, buildApp } from './app.ts';
import type { ServerConfig } from './config/config.ts';
import { type Database, type DatabaseOptions, openDatabase } from './db/database.ts';
import { databaseReason, oneLine } from './db/database-error-reason.ts';
import { masterKeyAtStart } from './security/master-key.ts';
import { refuseNewKeyOverSealedData } from './security/missing-master-key.ts';
import { StartupError } from './startup-error.ts';

export interface RunningServer {
  app: FastifyInstance;
  database: Database;
  url: string;
  /** Stops taking requests, lets the ones under way finish, then closes the database. */
  stop(): Promise<void>;
}

/**
 * Opens the database, applies migrations, builds the app and listens. `configure` runs before the app is
 * ready (tests add routes there); `ports` shares a sandbox world and market with the caller (the demo seeds them)
 * sets how often trades are checked for reversals, follows the outbox and sets the clock of tokens and codes.
 * `template` starts an embedded database from a migrated copy (the test suites' servers), so it has nothing to
 * migrate.
 */
export async function startServer(
  config: ServerConfig,
  configure?: (app: FastifyInstance) => void,
  options: Pick<AppOptions, 'steam' | 'market' | 'reversals' | 'onMailKept' | 'now'> &
    Pick<DatabaseOptions, 'template'> = {},
): Promise<RunningServer> {
  const { template, ...ports } = options;
  // Before the database opens: a server required to take its key from the environment does not touch its data.
  const keyWarning = masterKeyAtStart(config);
  const database = await openDatabase({ ...config, template }).catch((error: unknown) => {
    throw startupFailure('The database could not be opened', error);
  });
  let app: FastifyInstance;
  try {
    await refuseNewKeyOverSealedData(config, database.db).catch((error: unknown) => {
      throw startupFailure('The database could not be read', error);
    });
    await database.migrate().catch((error: unknown) => {
      throw startupFailure('The database migrations could not be applied', error);
    });
    app = await buildApp({ config, database, ...ports }).catch((error: unknown) => {
      throw startupFailure('The server could not prepare its database', error, { onlyDatabaseErrors: true });
    });
    watchDatabaseHealth(app, database);
    if (keyWarning) app.log.warn(keyWarning);
    configure?.(app);
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await database.close().catch(() => {});
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  const url = config.publicUrl ?? `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`;
  let stopping: Promise<void> | null = null;
  return {
    app,
    database,
    url,
    stop() {
      stopping ??= (async () => {
        try {
          await app.close();
        } finally {
          await database.close();
        }
      })();
      return stopping;
    },
  };
}

/** Feeds request failures to the database health and logs when the database goes away and comes back. */
function watchDatabaseHealth(app: FastifyInstance, database: Database): void {
  app.addHook('onError', async (_request, _reply, error) => database.health.observe(error));
  database.health.onReachability((reachable, error) => {
    if (reachable) app.log.warn('the database answers again');
    else app.log.error({ err: error }, 'the database is unreachable; requests answer 503 until it is back');
  });
}

/**
 * A start-up failure the operator can act on, in one line with the database's own reason (the ORM's message is
 * the failed statement and its parameters, never shown). Other errors pass through unchanged.
 */
function startupFailure(
  what: string,
  error: unknown,
  options: { onlyDatabaseErrors?: boolean } = {},
): unknown {
  if (error instanceof StartupError) return error;
  const reason = databaseReason(error);
  if (reason) return new StartupError(`${what}: ${reason}`);
  if (options.onlyDatabaseErrors) return error;
  const code = (error as NodeJS.ErrnoException).code;
  const message = error instanceof Error ? oneLine(error.message) : String(error);
  return new StartupError(
    `${what}: ${message}${typeof code === 'string' && !message.includes(code) ? ` (${code})` : ''}`,
  );
}
