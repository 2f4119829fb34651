import { homedir } from 'node:os';
import { join } from 'node:path';
import type { ServerMode } from '@tradedeck/sdk/contract';
import envPaths from 'env-paths';

export interface MaintenanceOverride {
  active: boolean;
  reason: string | null;
  estimatedCompletion: string | null;
}

export interface ServerConfig {
  port: number;
  host: string;
  /** Postgres connection string; when absent the embedded PGlite database is used. */
  databaseUrl: string | null;
  /** PGlite data directory, or `memory://` for a throw-away in-memory database. */
  dataDir: string;
  mode: ServerMode;
  publicUrl: string | null;
  logLevel: string;
  /** `pretty` when a person watches the terminal, JSON lines otherwise (LOG_FORMAT overrides). */
  logFormat: 'json' | 'pretty';
  /** Built web app to serve on the same origin; null serves the API only. */
  webRoot: string | null;
  /** Maintenance set from the environment wins over the stored flag. */
  maintenance: MaintenanceOverride | null;
  /** SMTP server for mail (smtp:// or smtps://); without it mail goes to the database outbox. */
  smtpUrl: string | null;
  mailFrom: string;
  /** Master key(s) for stored secrets; without it a 0600 key file in the data directory is used. */
  masterKey: string | null;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function defaultDataDir(): string {
  try {
    return envPaths('tradedeck', { suffix: '' }).data;
  } catch {
    return join(homedir(), '.tradedeck');
  }
}

/** Reads the server configuration from environment variables, failing on values that cannot work. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = env.PORT === undefined || env.PORT === '' ? 8080 : Number(env.PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new ConfigError(`PORT must be a whole number from 0 to 65535, got "${env.PORT}"`);
  }
  const mode = env.TRADEDECK_MODE ?? 'sandbox';
  if (mode !== 'live' && mode !== 'sandbox') {
    throw new ConfigError(`TRADEDECK_MODE must be "live" or "sandbox", got "${mode}"`);
  }
  const databaseUrl = env.DATABASE_URL?.trim() || null;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must start with postgres:// or postgresql://');
  }
  const publicUrl = env.PUBLIC_URL?.trim() || null;
  if (publicUrl && !URL.canParse(publicUrl)) throw new ConfigError(`PUBLIC_URL is not a URL: "${publicUrl}"`);

  return {
    port,
    host: env.HOST?.trim() || '127.0.0.1',
    databaseUrl,
    dataDir: env.TRADEDECK_DATA_DIR?.trim() || defaultDataDir(),
    mode,
    publicUrl,
    logLevel: env.LOG_LEVEL?.trim() || 'info',
    logFormat: logFormat(env.LOG_FORMAT),
    webRoot: env.TRADEDECK_WEB_ROOT?.trim() || null,
    maintenance: maintenanceFromEnv(env),
    smtpUrl: smtpUrl(env.SMTP_URL),
    mailFrom: env.TRADEDECK_MAIL_FROM?.trim() || 'Tradedeck <no-reply@tradedeck.local>',
    masterKey: env.TRADEDECK_MASTER_KEY?.trim() || null,
  };
}

function logFormat(value: string | undefined): 'json' | 'pretty' {
  const chosen = value?.trim().toLowerCase();
  if (chosen === 'json' || chosen === 'pretty') return chosen;
  if (chosen) throw new ConfigError(`LOG_FORMAT must be "json" or "pretty", got "${value}"`);
  return process.stdout.isTTY ? 'pretty' : 'json';
}

function maintenanceFromEnv(env: NodeJS.ProcessEnv): MaintenanceOverride | null {
  const flag = env.TRADEDECK_MAINTENANCE?.trim().toLowerCase();
  if (!flag) return null;
  const active = ['1', 'true', 'on', 'yes'].includes(flag);
  const eta = env.TRADEDECK_MAINTENANCE_ETA?.trim() || null;
  if (eta && Number.isNaN(Date.parse(eta))) {
    throw new ConfigError(`TRADEDECK_MAINTENANCE_ETA must be an ISO 8601 time, got "${eta}"`);
  }
  return {
    active,
    reason: env.TRADEDECK_MAINTENANCE_REASON?.trim() || null,
    estimatedCompletion: eta ? new Date(eta).toISOString() : null,
  };
}

function smtpUrl(value: string | undefined): string | null {
  const url = value?.trim();
  if (!url) return null;
  if (!/^smtps?:\/\//.test(url) || !URL.canParse(url)) {
    throw new ConfigError('SMTP_URL must look like smtp://user:pass@host:587 or smtps://host:465');
  }
  return url;
}
