#!/usr/bin/env node
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from './config/config.ts';
import { openDatabase } from './db/database.ts';
import { isDatabaseUnavailable, isStorageWriteFailure } from './db/database-faults.ts';
import { storageFailureReason, withoutQueryValues } from './log-safe-error.ts';
import { OutboxRepo } from './modules/mail/index.ts';
import { SystemRepo } from './modules/system/index.ts';
import { loadKeyring } from './security/master-key.ts';
import { rewrapDataKeys } from './security/rewrap-keys.ts';
import { startServer } from './server.ts';
import { stallExitSeconds, startStallWatchdog } from './stall-watchdog.ts';
import { StartupError } from './startup-error.ts';

const SHUTDOWN_GRACE_MS = 10_000;
/** After a storage failure nothing is left to save: the stop is short, well within a supervisor's patience. */
const STORAGE_FAILURE_GRACE_MS = 3_000;

/** The built web app sits next to the server build: packages/server/public. */
const BUNDLED_WEB_ROOT = fileURLToPath(new URL('../public', import.meta.url));

async function serve(): Promise<void> {
  const config = loadConfig();
  const stallSeconds = stallExitSeconds();
  config.webRoot ??= BUNDLED_WEB_ROOT;
  const server = await startServer(config);
  const watchdog = startStallWatchdog(stallSeconds);
  const where = config.databaseUrl ? 'Postgres' : `PGlite at ${config.dataDir}`;

  let exitCode = 0;
  let stopping = false;
  const shutdown = (signal: string, graceMs = SHUTDOWN_GRACE_MS) => {
    // A second signal (or a storage failure during a stop) changes nothing: the stop under way ends the process.
    if (stopping) return;
    stopping = true;
    server.app.log.info({ signal }, 'shutting down');
    setTimeout(() => {
      server.app.log.error('shutdown took too long, exiting');
      process.exit(exitCode || 1);
    }, graceMs).unref();
    server.stop().then(
      () => Promise.resolve(watchdog?.stop()).finally(() => process.exit(exitCode)),
      (error) => {
        server.app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  // The job queue library completes and fails jobs without waiting for the answer, so a connection Postgres drops
  // at that moment (or a statement the full disk refused) rejects with no one to catch it. The job stays leased
  // and runs again when its lease ends. No such failure ends the process with a stack of the statement's values:
  // a storage failure takes the storage stop below, anything else is logged and the server keeps serving.
  process.on('unhandledRejection', (reason) => {
    if (isStorageWriteFailure(reason)) {
      server.database.health.observe(reason);
      return;
    }
    const cut = isDatabaseUnavailable(reason);
    server.app.log[cut ? 'warn' : 'error'](
      { err: withoutQueryValues(reason) },
      cut ? 'a database call without a waiting caller was cut' : 'a failure without a waiting caller',
    );
  });

  // The embedded database is not trusted after it failed to write its files (it has been seen to spin at full
  // CPU on the next statement): stop while the process still answers, so that a supervisor restarts it.
  if (server.database.kind === 'pglite') {
    server.database.health.onStorageFailure((error) => {
      if (exitCode !== 0) return;
      exitCode = 1;
      process.stderr.write(
        `tradedeck-server: the data directory could not be written (${storageFailureReason(error)}); stopping. ` +
          `Free space or make ${config.dataDir} writable, then start the server again.\n`,
      );
      shutdown('storage failure', STORAGE_FAILURE_GRACE_MS);
    });
  }

  // Announced only once the signal handlers are in place: a supervisor (or a test) that stops the server as soon
  // as it reads the panel line must not meet the default SIGTERM action, which ends the process without cleanup.
  server.app.log.info({ url: server.url, mode: config.mode }, `Tradedeck is running (${where})`);
  process.stdout.write(`\nTradedeck panel: ${server.url}\n  mode: ${config.mode}, database: ${where}\n\n`);
}

/** `tradedeck-server maintenance on|off [--reason TEXT] [--eta ISO]`: sets the stored maintenance flag. */
async function maintenance(args: string[]): Promise<void> {
  const { positionals, values } = parseArgs({
    args,
    allowPositionals: true,
    options: { reason: { type: 'string' }, eta: { type: 'string' } },
  });
  const state = positionals[0];
  if (state !== 'on' && state !== 'off') {
    throw new ConfigError('usage: tradedeck-server maintenance on|off [--reason TEXT] [--eta ISO-8601]');
  }
  if (values.eta && Number.isNaN(Date.parse(values.eta))) {
    throw new ConfigError(`--eta must be an ISO 8601 time, got "${values.eta}"`);
  }
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    await database.migrate();
    await new SystemRepo(database.db).setMaintenance({
      active: state === 'on',
      reason: state === 'on' ? (values.reason ?? null) : null,
      estimatedCompletion: state === 'on' && values.eta ? new Date(values.eta).toISOString() : null,
    });
    process.stdout.write(`maintenance ${state}\n`);
  } finally {
    await database.close();
  }
}

/** `tradedeck-server rewrap-keys`: after a master-key rotation, re-wraps every data key under the active key. */
async function rewrapKeys(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    await database.migrate();
    const keyring = loadKeyring(config.masterKey, config.dataDir);
    process.stdout.write(`re-wrapped ${await rewrapDataKeys(database.db, keyring)} data keys\n`);
  } finally {
    await database.close();
  }
}

/**
 * `tradedeck-server outbox [--limit N]`: the newest mail kept without an SMTP server, with its links (the log
 * names only the recipient). Reads the database directly: on PGlite with the server stopped.
 */
async function outbox(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { limit: { type: 'string', default: '10' } } });
  const limit = Number(values.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000) {
    throw new ConfigError(`--limit must be a whole number from 1 to 1000, got "${values.limit}"`);
  }
  const database = await openDatabase(loadConfig());
  try {
    await database.migrate();
    for (const mail of await new OutboxRepo(database.db).latest(limit)) {
      const when = mail.createdAt.toISOString();
      process.stdout.write(
        `${when}  ${mail.recipient}  ${mail.subject}${mail.link ? `\n  ${mail.link}` : ''}\n`,
      );
    }
  } finally {
    await database.close();
  }
}

// Files the server creates (the embedded database, its write-ahead log, the master key) are its user's alone.
process.umask(0o077);

const [command, ...rest] = process.argv.slice(2);
const commands: Record<string, (args: string[]) => Promise<void>> = {
  maintenance,
  'rewrap-keys': () => rewrapKeys(),
  outbox,
};
const run = (command && commands[command] ? commands[command] : () => serve())(rest);
run.catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof StartupError) {
    process.stderr.write(`tradedeck-server: ${error.message}\n`);
    process.exit(2);
  }
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE') {
    process.stderr.write('tradedeck-server: the port is already in use; set PORT to another one\n');
    process.exit(2);
  }
  const safe = withoutQueryValues(error);
  process.stderr.write(`tradedeck-server: ${safe instanceof Error ? safe.stack : String(safe)}\n`);
  process.exit(1);
});
